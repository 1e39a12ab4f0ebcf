import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { roleAllows } from "@/lib/contracts/permissions";
import type { Role } from "@/lib/contracts/enums";
import type { ReviewStage } from "@/lib/contracts/reviews";
import type { DbOrTx } from "@/lib/db/client";
import { documentReviewStages, documents, memberships, reviewStages, users } from "@/lib/db/schema";
import { notFound } from "@/lib/services/errors";

/** Shared reads of the reviews services: stages of a parser, team members who may review, stage views. */
export type StageRow = typeof reviewStages.$inferSelect;
export type Person = { id: string; name: string; email: string };
export type Member = Person & { role: Role };

/** The parser's live stages, position 1 first. The parser has already been checked to be the caller team's. */
export async function loadStages(tx: DbOrTx, parserId: string): Promise<StageRow[]> {
  return tx
    .select()
    .from(reviewStages)
    .where(and(eq(reviewStages.parserId, parserId), isNull(reviewStages.deletedAt)))
    .orderBy(asc(reviewStages.position), asc(reviewStages.createdAt));
}

export function findStage(rows: readonly StageRow[], stageId: string): StageRow {
  const row = rows.find((candidate) => candidate.id === stageId);
  if (!row) throw notFound({ type: "stageId", value: stageId, label: "Review stage" });
  return row;
}

/** The team member with this user id and their role, or null when they are not in the team. */
export async function findMember(tx: DbOrTx, { teamId, userId }: { teamId: string; userId: string }): Promise<Member | null> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Admins and reviewers: the roles that hold reviews.write. */
export const canReview = (role: Role) => roleAllows(role, "reviews.write");

/**
 * Documents in review with a pending or in-progress row for each stage: the documents waiting there now and
 * those that will reach it. A stage with any cannot be deleted (spec: "a stage in pending or in-progress use").
 * Rows of decided documents (a rejection leaves later stages pending, never reached) do not count.
 */
export async function activeDocumentCounts(tx: DbOrTx, stageIds: readonly string[]): Promise<Map<string, number>> {
  if (stageIds.length === 0) return new Map();
  const rows = await tx
    .select({ stageId: documentReviewStages.stageId, count: sql<number>`count(*)::int` })
    .from(documentReviewStages)
    .innerJoin(documents, eq(documents.id, documentReviewStages.documentId))
    .where(
      and(
        inArray(documentReviewStages.stageId, [...stageIds]),
        inArray(documentReviewStages.status, ["pending", "in_progress"]),
        eq(documents.status, "in_review"),
        isNull(documents.deletedAt),
      ),
    )
    .groupBy(documentReviewStages.stageId);
  return new Map(rows.map((row) => [row.stageId, row.count]));
}

export async function stageViews(tx: DbOrTx, rows: readonly StageRow[]): Promise<ReviewStage[]> {
  const reviewerIds = [...new Set(rows.flatMap((row) => (row.reviewerId ? [row.reviewerId] : [])))];
  const people = reviewerIds.length
    ? await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, reviewerIds))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const counts = await activeDocumentCounts(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reviewerInstructions: row.reviewerInstructions,
    position: row.position,
    reviewType: row.reviewType,
    reviewer: row.reviewerId ? (byId.get(row.reviewerId) ?? null) : null,
    rules: row.rules.map((rule) => ({ ...rule, type: "simple" as const, condition: "extracted_value" as const, operator: rule.operator as ReviewStage["rules"][number]["operator"] })),
    straightThrough: row.straightThrough,
    activeDocumentCount: counts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function stageView(tx: DbOrTx, row: StageRow): Promise<ReviewStage> {
  const [view] = await stageViews(tx, [row]);
  return view!;
}
