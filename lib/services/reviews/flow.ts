import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DocumentStatus, ReviewStatus } from "@/lib/contracts/enums";
import type { DbOrTx } from "@/lib/db/client";
import { documentReviewStages, documents, reviewStages } from "@/lib/db/schema";
import { loadStages } from "./internal";
import { planReview, type RowState } from "./plan";

/**
 * The review flow's writes (DESIGN §1.5). Every function takes the caller's transaction, which has locked the
 * document (or, in the pipeline, owns it), so rows and the document's review columns change together.
 */
export type ReviewColumns = { status: DocumentStatus; reviewStatus: ReviewStatus; currentStageId: string | null; assigneeId: string | null };

export const NO_REVIEW = { status: "processed", reviewStatus: "not_required", currentStageId: null, assigneeId: null } as const satisfies ReviewColumns;

/** Removes a document's review rows: before it enters review again (reprocess, reset). */
export async function clearReview(tx: DbOrTx, documentId: string): Promise<void> {
  await tx.delete(documentReviewStages).where(eq(documentReviewStages.documentId, documentId));
}

/**
 * Starts a document's review on its extracted data: rows for the parser's live stages (see planReview), the first
 * applicable one current since `now` and assigned to its stage's reviewer. Returns the document's review columns:
 * `in_review` / `pending`, or `processed` / `not_required` when no stage applies.
 */
export async function enterReview(tx: DbOrTx, document: { id: string; parserId: string; data: Record<string, unknown> }, now: Date): Promise<ReviewColumns> {
  await clearReview(tx, document.id);
  const stages = await loadStages(tx, document.parserId);
  const plan = planReview(stages, document.data);
  const first = plan.find((row) => row.status === "pending");
  if (!first) return NO_REVIEW;
  const reviewerOf = new Map(stages.map((stage) => [stage.id, stage.reviewerId]));
  const assigneeId = reviewerOf.get(first.stageId) ?? null;
  await tx.insert(documentReviewStages).values(
    plan.map((row) => ({
      documentId: document.id,
      stageId: row.stageId,
      position: row.position,
      status: row.status,
      assigneeId: row === first ? assigneeId : null,
      enteredAt: row === first ? now : null,
    })),
  );
  return { status: "in_review", reviewStatus: "pending", currentStageId: first.stageId, assigneeId };
}

export type ReviewRow = RowState & {
  assigneeId: string | null;
  decidedById: string | null;
  enteredAt: Date | null;
  /** The stage's reviewer now: who a stage is assigned to when the document reaches it. */
  reviewerId: string | null;
};

/** A document's rows in order, each with its stage's current definition (null when the stage was deleted). */
export async function loadReviewRows(tx: DbOrTx, documentId: string): Promise<ReviewRow[]> {
  const rows = await tx
    .select({ row: documentReviewStages, stage: reviewStages })
    .from(documentReviewStages)
    .innerJoin(reviewStages, eq(reviewStages.id, documentReviewStages.stageId))
    .where(eq(documentReviewStages.documentId, documentId))
    .orderBy(asc(documentReviewStages.position));
  return rows.map(({ row, stage }) => ({
    stageId: row.stageId,
    position: row.position,
    status: row.status,
    assigneeId: row.assigneeId,
    decidedById: row.decidedById,
    enteredAt: row.enteredAt,
    reviewerId: stage.deletedAt ? null : stage.reviewerId,
    stage: stage.deletedAt ? null : { reviewType: stage.reviewType, rules: stage.rules },
  }));
}

/** Sets rows' statuses (re-evaluation of later stages). */
export async function setRowStatuses(tx: DbOrTx, documentId: string, changes: readonly { stageId: string; status: "pending" | "skipped" }[]): Promise<void> {
  for (const status of ["pending", "skipped"] as const) {
    const stageIds = changes.filter((change) => change.status === status).map((change) => change.stageId);
    if (stageIds.length === 0) continue;
    await tx
      .update(documentReviewStages)
      .set({ status, enteredAt: null, assigneeId: null })
      .where(and(eq(documentReviewStages.documentId, documentId), inArray(documentReviewStages.stageId, stageIds)));
  }
}

/**
 * A correction of a document in review: its current stage goes from `pending` to `in_progress`, and so does the
 * review. Both updates are conditional in SQL, so a decision committed meanwhile is never overwritten.
 */
export async function markReviewInProgress(tx: DbOrTx, document: { id: string; currentStageId: string | null }): Promise<void> {
  if (!document.currentStageId) return;
  await tx
    .update(documentReviewStages)
    .set({ status: "in_progress" })
    .where(
      and(
        eq(documentReviewStages.documentId, document.id),
        eq(documentReviewStages.stageId, document.currentStageId),
        eq(documentReviewStages.status, "pending"),
      ),
    );
  await tx
    .update(documents)
    .set({ reviewStatus: "in_progress" })
    .where(and(eq(documents.id, document.id), eq(documents.status, "in_review"), eq(documents.reviewStatus, "pending")));
}
