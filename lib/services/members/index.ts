import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Member } from "@/lib/contracts/members";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, documentReviewStages, documents, memberships, parsers, reviewStages, users } from "@/lib/db/schema";
import type { Role } from "@/lib/contracts/enums";
import { conflict, notFound } from "@/lib/services/errors";
import { apiKeysChanged } from "../api-keys/cache";
import { assertPermission, recordAudit, type ServiceContext } from "../context";

const memberColumns = { id: users.id, name: users.name, email: users.email, role: memberships.role, joinedAt: memberships.createdAt };

function toMember(row: { id: string; name: string; email: string; role: Role; joinedAt: Date }): Member {
  return { ...row, joinedAt: row.joinedAt.toISOString() };
}

export async function listMembers(ctx: ServiceContext): Promise<Member[]> {
  const rows = await ctx.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, ctx.teamId))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(toMember);
}

async function getMemberInTeam(tx: DbOrTx, { teamId, userId }: { teamId: string; userId: string }) {
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound({ type: "userId", value: userId, label: "Member" });
  return row;
}

/** Locks the team's admin rows, so two concurrent demotions cannot both leave the team without one. */
async function adminCount(tx: DbOrTx, teamId: string): Promise<number> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, "admin")))
    .for("update");
  return rows.length;
}

export async function updateMemberRole(ctx: ServiceContext, { userId, role }: { userId: string; role: Role }): Promise<Member> {
  assertPermission(ctx, "members.manage");
  const member = await ctx.db.transaction(async (tx) => {
    const before = await getMemberInTeam(tx, { teamId: ctx.teamId, userId });
    if (before.role === "admin" && role !== "admin" && (await adminCount(tx, ctx.teamId)) <= 1) {
      throw conflict("The last admin of a team cannot be demoted. Make someone else an admin first.");
    }
    await tx.update(memberships).set({ role }).where(and(eq(memberships.teamId, ctx.teamId), eq(memberships.userId, userId)));
    await recordAudit(tx, { ctx, action: "member.role", resourceType: "member", resourceId: userId, before: { role: before.role }, after: { role } });
    return toMember({ ...before, role });
  });
  // The member's API keys carry their role's rights: cached resolutions of them are stale now.
  await apiKeysChanged(ctx.db);
  return member;
}

/**
 * Removes a member. Nothing of theirs is lost: documents assigned to them go back to their stage unassigned,
 * the stages they reviewed lose their reviewer, and their API keys of this team are revoked.
 */
export async function removeMember(ctx: ServiceContext, userId: string): Promise<{ unassignedDocuments: number; revokedKeys: number }> {
  assertPermission(ctx, "members.manage");
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await getMemberInTeam(tx, { teamId: ctx.teamId, userId });
    if (before.role === "admin" && (await adminCount(tx, ctx.teamId)) <= 1) {
      throw conflict("The last admin of a team cannot be removed. Make someone else an admin first.");
    }
    const teamParsers = tx.select({ id: parsers.id }).from(parsers).where(eq(parsers.teamId, ctx.teamId));
    const teamDocuments = tx.select({ id: documents.id }).from(documents).where(eq(documents.teamId, ctx.teamId));
    const unassigned = await tx
      .update(documents)
      .set({ assigneeId: null })
      .where(and(eq(documents.teamId, ctx.teamId), eq(documents.assigneeId, userId)))
      .returning({ id: documents.id });
    await tx
      .update(documentReviewStages)
      .set({ assigneeId: null })
      .where(and(eq(documentReviewStages.assigneeId, userId), inArray(documentReviewStages.documentId, teamDocuments)));
    await tx.update(reviewStages).set({ reviewerId: null }).where(and(eq(reviewStages.reviewerId, userId), inArray(reviewStages.parserId, teamParsers)));
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedById: ctx.actor.userId })
      .where(and(eq(apiKeys.teamId, ctx.teamId), eq(apiKeys.createdById, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    await tx.delete(memberships).where(and(eq(memberships.teamId, ctx.teamId), eq(memberships.userId, userId)));
    await recordAudit(tx, {
      ctx,
      action: "member.remove",
      resourceType: "member",
      resourceId: userId,
      before: { email: before.email, role: before.role },
      after: { unassignedDocuments: unassigned.length, revokedKeys: revoked.length },
    });
    return { unassignedDocuments: unassigned.length, revokedKeys: revoked.length };
  });
  await apiKeysChanged(ctx.db);
  return removed;
}
export { resetMemberPassword } from "./reset-password";
