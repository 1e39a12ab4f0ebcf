import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { hashPassword } from "@/lib/secrets/password";
import type { TemporaryPassword } from "@/lib/contracts/members";
import type { DbOrTx } from "@/lib/db/client";
import { invitations, memberships, users } from "@/lib/db/schema";
import { conflict, forbidden, notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { endEverySignIn } from "../sessions";

/** No look-alikes (0/O, 1/l/I): the password is read out or typed from a message. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Four groups of four from a 55-character alphabet: about 92 bits, and easy to read out. */
export function temporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""));
  return groups.join("-");
}

/**
 * The other teams that have a claim on this person: those they belong to, and those that invited their address
 * (pending, unexpired). An admin's power over a person must not reach into either.
 */
async function otherTeamsOf(db: DbOrTx, { ctx, member }: { ctx: ServiceContext; member: { id: string; email: string } }): Promise<string[]> {
  const held = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.userId, member.id), ne(memberships.teamId, ctx.teamId)));
  const invitedBy = await db
    .select({ teamId: invitations.teamId })
    .from(invitations)
    .where(and(eq(invitations.email, member.email.toLowerCase()), ne(invitations.teamId, ctx.teamId), gt(invitations.expiresAt, new Date())));
  return [...new Set([...held, ...invitedBy].map((row) => row.teamId))];
}

/**
 * An admin sets a member's password to a temporary one, shown once: the member is signed out everywhere (console
 * sessions, agent connections and their tokens) and must choose their own at the next sign-in
 * (users.must_change_password). An account is one person's across teams, so an admin of one team may not take over
 * someone another team has a claim on — a membership, or a pending invitation that whoever holds the account could
 * accept — unless they administer that team too. The address counts as unproven afterwards: whoever knows the
 * temporary password could otherwise collect invitations sent to it later. Nor is this the way to change one's own
 * password. A key or an agent never changes how people sign in.
 */
export async function resetMemberPassword(ctx: ServiceContext, userId: string): Promise<TemporaryPassword> {
  assertPermission(ctx, "members.manage");
  // Membership first, so another team's user is "not found" whoever asks, before any other answer.
  const [member] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, ctx.teamId), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) throw notFound({ type: "userId", value: userId, label: "Member" });
  if (ctx.actor.via !== "console") throw forbidden("Reset passwords in the console, signed in as an admin");
  if (member.id === ctx.actor.userId) throw conflict("This is your own account: change your password under Settings › Account.");
  for (const teamId of await otherTeamsOf(ctx.db, { ctx, member })) {
    const [mine] = await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.actor.userId), eq(memberships.teamId, teamId)))
      .limit(1);
    if (mine?.role !== "admin") {
      throw conflict("This person also belongs to another team or is invited by one, so only they can change their password (Settings › Account).");
    }
  }

  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true, emailProvenAt: null, updatedAt: new Date() }).where(eq(users.id, member.id));
    // emailProvenAt cleared: an invitation another team sends after the check above stays invisible to the account.
    const signIns = await endEverySignIn(tx, { userId: member.id });
    await recordAudit(tx, {
      ctx,
      action: "member.password.reset",
      resourceType: "member",
      resourceId: member.id,
      after: { mustChangePassword: true, endedSessions: signIns.sessions, endedConnections: signIns.connections },
    });
    return signIns;
  });
  return { temporaryPassword: password, endedSessions: ended.sessions, endedConnections: ended.connections };
}
