import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { hashPassword } from "@/lib/secrets/password";
import type { Join, JoinPreview, MyInvitation } from "@/lib/contracts/invitations";
import type { AddMember, Invitation } from "@/lib/contracts/members";
import type { Db, DbOrTx } from "@/lib/db/client";
import { auditLog, invitations, memberships, teams, users } from "@/lib/db/schema";
import { conflict, forbidden, notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type AuditEntry, type ServiceContext } from "../context";

/**
 * Adding a person to a team is an invitation, never a membership: an admin of one team must not be able to pull an
 * account of another team in (or learn that it exists). Someone with an account accepts in the console; someone new
 * opens the link, chooses a password and joins. Every add answers the same, whether or not the e-mail has an account.
 */
export const INVITATION_TTL_DAYS = 14;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

type InvitationRow = typeof invitations.$inferSelect;

function toInvitation(row: InvitationRow): Invitation {
  return { id: row.id, name: row.name, email: row.email, role: row.role, invitedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

const notExpired = () => gt(invitations.expiresAt, new Date());

/** An audit row in the invitation's team, written by a person who is not (yet) acting in it. */
async function auditAs(tx: DbOrTx, { who, ...entry }: { who: { teamId: string; userId: string } } & AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ teamId: who.teamId, actorUserId: who.userId, action: entry.action, resourceType: entry.resourceType, resourceId: entry.resourceId, before: entry.before ?? null, after: entry.after ?? null });
}

/**
 * Invites a person by e-mail; returns the invitation and the link's secret (stored only as a hash). Inviting the same
 * e-mail again replaces the earlier invitation, so a lost link can be reissued. The work done, and the answer, do not
 * depend on whether the e-mail has an account.
 */
export async function inviteMember(ctx: ServiceContext, input: AddMember): Promise<{ invitation: Invitation; token: string }> {
  assertPermission(ctx, "members.manage");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return ctx.db.transaction(async (tx) => {
    // Only this team's own members can conflict: the admin sees them in the member list anyway.
    const [member] = await tx
      .select({ id: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.teamId, ctx.teamId), sql`lower(${users.email}) = ${input.email}`))
      .limit(1);
    if (member) throw conflict(`${input.email} is already a member of this team`);
    const values = { name: input.name, role: input.role, tokenHash: tokenHash(token), invitedById: ctx.actor.userId, createdAt: new Date(), expiresAt };
    const [row] = await tx
      .insert(invitations)
      .values({ teamId: ctx.teamId, email: input.email, ...values })
      .onConflictDoUpdate({ target: [invitations.teamId, invitations.email], set: values })
      .returning();
    await recordAudit(tx, { ctx, action: "invitation.create", resourceType: "invitation", resourceId: row!.id, after: { email: input.email, role: input.role } });
    return { invitation: toInvitation(row!), token };
  });
}

export async function listInvitations(ctx: ServiceContext): Promise<Invitation[]> {
  assertPermission(ctx, "members.manage");
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.teamId, ctx.teamId), notExpired()))
    .orderBy(asc(invitations.email));
  return rows.map(toInvitation);
}

export async function cancelInvitation(ctx: ServiceContext, invitationId: string): Promise<void> {
  assertPermission(ctx, "members.manage");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(invitations).where(and(eq(invitations.id, invitationId), eq(invitations.teamId, ctx.teamId))).returning();
    if (!row) throw notFound({ type: "invitationId", value: invitationId, label: "Invitation" });
    await recordAudit(tx, { ctx, action: "invitation.cancel", resourceType: "invitation", resourceId: row.id, before: { email: row.email, role: row.role } });
  });
}

/**
 * The invitations addressed to a signed-in person's e-mail, in any team, once that address is proven (a code sent
 * to it came back, lib/services/email-proof). An account made through an invitation link proved nothing about the
 * address (the link went to the inviting admin): it sees none, or an admin could make an account for someone else's
 * address through their own team's link and collect every other team's invitation to it.
 */
export async function listMyInvitations(ctx: ServiceContext): Promise<MyInvitation[]> {
  const inviter = alias(users, "inviter");
  const rows = await ctx.db
    .select({ invitation: invitations, teamName: teams.name, invitedBy: inviter.name })
    .from(invitations)
    .innerJoin(users, sql`lower(${users.email}) = ${invitations.email}`)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedById))
    .where(and(eq(users.id, ctx.actor.userId), isNotNull(users.emailProvenAt), notExpired()))
    .orderBy(asc(teams.name));
  return rows.map(({ invitation, teamName, invitedBy }) => ({
    id: invitation.id,
    team: { id: invitation.teamId, name: teamName },
    role: invitation.role,
    invitedBy,
    invitedAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }));
}

/**
 * Takes (deletes) an invitation addressed to the caller. Someone else's invitation is not found, whoever asks, and so
 * is every invitation while the caller's address is unproven (as in the list); the caller's own one answered with a
 * key or by an agent is refused: joining a team is the person's act in the console.
 */
async function takeMyInvitation(tx: DbOrTx, { ctx, invitationId }: { ctx: ServiceContext; invitationId: string }): Promise<InvitationRow> {
  const [me] = await tx.select({ email: users.email, provenAt: users.emailProvenAt }).from(users).where(eq(users.id, ctx.actor.userId));
  // No address: matches no invitation (e-mails are never empty).
  const address = me?.provenAt ? me.email.toLowerCase() : "";
  const mine = and(eq(invitations.id, invitationId), eq(invitations.email, address), notExpired());
  const [found] = await tx.select({ id: invitations.id }).from(invitations).where(mine).limit(1);
  if (!found) throw notFound({ type: "invitationId", value: invitationId, label: "Invitation" });
  if (ctx.actor.via !== "console") throw forbidden("Invitations are accepted or declined by the person in the console.");
  const [row] = await tx.delete(invitations).where(mine).returning();
  if (!row) throw notFound({ type: "invitationId", value: invitationId, label: "Invitation" }); // answered meanwhile
  return row;
}

export async function acceptInvitation(ctx: ServiceContext, invitationId: string): Promise<{ team: { id: string; name: string }; role: Invitation["role"] }> {
  return ctx.db.transaction(async (tx) => {
    const invitation = await takeMyInvitation(tx, { ctx, invitationId });
    await tx.insert(memberships).values({ teamId: invitation.teamId, userId: ctx.actor.userId, role: invitation.role }).onConflictDoNothing();
    const [joined] = await tx
      .select({ id: teams.id, name: teams.name, role: memberships.role })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(and(eq(memberships.teamId, invitation.teamId), eq(memberships.userId, ctx.actor.userId)));
    await auditAs(tx, { who: { teamId: invitation.teamId, userId: ctx.actor.userId }, action: "invitation.accept", resourceType: "member", resourceId: ctx.actor.userId, after: { email: invitation.email, role: joined!.role } });
    return { team: { id: joined!.id, name: joined!.name }, role: joined!.role };
  });
}

export async function declineInvitation(ctx: ServiceContext, invitationId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const invitation = await takeMyInvitation(tx, { ctx, invitationId });
    await auditAs(tx, { who: { teamId: invitation.teamId, userId: ctx.actor.userId }, action: "invitation.decline", resourceType: "invitation", resourceId: invitation.id, before: { email: invitation.email, role: invitation.role } });
  });
}

async function invitationByToken(db: DbOrTx, token: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(and(eq(invitations.tokenHash, tokenHash(token)), notExpired())).limit(1);
  return row ?? null;
}

/** What an invitation link is for (the public `/join` page). The link's holder learns nothing about existing accounts. */
export async function previewInvitation(db: Db, token: string): Promise<JoinPreview> {
  const row = await invitationByToken(db, token);
  if (!row) throw notFound({ type: "invitation", value: "link", label: "Invitation" });
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId));
  return { team: { name: team!.name }, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Someone new joins through the link: their account is created with the password they chose, and they are a member.
 * The account is proven for this one invitation only: its address is not (the link's secret went to the inviting
 * admin, who may be anyone), so it sees no other invitation until a code sent to the address comes back.
 * When the e-mail already has an account nothing changes (that account's owner accepts in the console), and the
 * answer is the same, so the link cannot be used to test whether an e-mail has an account, nor to touch one.
 */
export async function joinWithNewAccount(db: Db, { token, input }: { token: string; input: Join }): Promise<{ email: string }> {
  const found = await invitationByToken(db, token);
  if (!found) throw notFound({ type: "invitation", value: "link", label: "Invitation" });
  const passwordHash = await hashPassword(input.password); // both branches pay for scrypt, outside the transaction
  await db.transaction(async (tx) => {
    const [invitation] = await tx.select().from(invitations).where(and(eq(invitations.id, found.id), eq(invitations.tokenHash, found.tokenHash))).for("update");
    if (!invitation) throw notFound({ type: "invitation", value: "link", label: "Invitation" });
    const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${invitation.email}`).limit(1);
    if (existing) return;
    const [user] = await tx.insert(users).values({ email: invitation.email, name: input.name, passwordHash }).returning({ id: users.id });
    await tx.insert(memberships).values({ teamId: invitation.teamId, userId: user!.id, role: invitation.role });
    await tx.delete(invitations).where(eq(invitations.id, invitation.id));
    await auditAs(tx, { who: { teamId: invitation.teamId, userId: user!.id }, action: "invitation.join", resourceType: "member", resourceId: user!.id, after: { email: invitation.email, role: invitation.role } });
  });
  return { email: found.email };
}
