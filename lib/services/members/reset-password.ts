import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { hashPassword } from "@/lib/secrets/password";
import type { TemporaryPassword } from "@/lib/contracts/members";
import { memberships, users } from "@/lib/db/schema";
import { conflict, forbidden, notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { endUserSessions } from "../sessions";

/** No look-alikes (0/O, 1/l/I): the password is read out or typed from a message. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Four groups of four from a 55-character alphabet: about 92 bits, and easy to read out. */
export function temporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""));
  return groups.join("-");
}

/**
 * An admin sets a member's password to a temporary one, shown once: the member is signed out everywhere and must
 * choose their own at the next sign-in (users.must_change_password). An account is one person's across teams, so
 * an admin of one team may not take over someone who also belongs to a team they do not administer; nor is this
 * the way to change one's own password. A key or an agent never changes how people sign in.
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
  const elsewhere = await ctx.db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.userId, member.id), ne(memberships.teamId, ctx.teamId)));
  for (const other of elsewhere) {
    const [mine] = await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.actor.userId), eq(memberships.teamId, other.teamId)))
      .limit(1);
    if (mine?.role !== "admin") throw conflict("This person also belongs to another team, so only they can change their password (Settings › Account).");
  }

  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const endedSessions = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: new Date() }).where(eq(users.id, member.id));
    const ended = await endUserSessions(tx, member.id);
    await recordAudit(tx, { ctx, action: "member.password.reset", resourceType: "member", resourceId: member.id, after: { mustChangePassword: true, endedSessions: ended } });
    return ended;
  });
  return { temporaryPassword: password, endedSessions };
}
