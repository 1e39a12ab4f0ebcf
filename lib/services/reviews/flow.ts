import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DocumentStatus, ReviewStatus } from "@/lib/contracts/enums";
import type { DbOrTx } from "@/lib/db/client";
import type { StraightThrough } from "@/lib/contracts/straight-through";
import { auditLog, documentReviewStages, documents, parsers, reviewStages } from "@/lib/db/schema";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import { loadStages } from "./internal";
import { planReview, type PlannedRow, type RowState } from "./plan";
import { straightThroughVerdict } from "./straight-through";

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
 *
 * With `fieldMetadata` (a freshly extracted document), stages with straight-through processing on are skipped
 * while the document qualifies for them (see straight-through.ts): each such row is `skipped` with the reason in
 * its note, and the audit says so. When that skips every applicable stage the document is `approved` at once.
 */
export async function enterReview(
  tx: DbOrTx,
  { document, now }: { document: { id: string; teamId?: string; parserId: string; data: Record<string, unknown>; fieldMetadata?: Record<string, unknown> }; now: Date },
): Promise<ReviewColumns> {
  await clearReview(tx, document.id);
  const stages = await loadStages(tx, document.parserId);
  const plan: Array<PlannedRow & { note?: string }> = planReview(stages, document.data);
  if (plan.length === 0) return NO_REVIEW;
  const judge = document.fieldMetadata ? await straightThroughJudge(tx, { parserId: document.parserId, data: document.data, fieldMetadata: document.fieldMetadata }) : null;
  const skipped: { stageId: string; note: string }[] = [];
  for (const row of plan) {
    if (row.status !== "pending") continue;
    const verdict = judge?.(stages.find((stage) => stage.id === row.stageId)!.straightThrough);
    if (!verdict?.skip) break;
    row.status = "skipped";
    row.note = verdict.note;
    skipped.push({ stageId: row.stageId, note: verdict.note });
  }
  const first = plan.find((row) => row.status === "pending");
  const reviewerOf = new Map(stages.map((stage) => [stage.id, stage.reviewerId]));
  const assigneeId = first ? (reviewerOf.get(first.stageId) ?? null) : null;
  await tx.insert(documentReviewStages).values(
    plan.map((row) => ({
      documentId: document.id,
      stageId: row.stageId,
      position: row.position,
      status: row.status,
      assigneeId: row === first ? assigneeId : null,
      enteredAt: row === first ? now : null,
      note: row.note ?? null,
    })),
  );
  if (skipped.length > 0 && document.teamId) await recordStraightThrough(tx, { teamId: document.teamId, documentId: document.id, skipped, status: first ? "in_review" : "approved" });
  if (!first) return STRAIGHT_THROUGH_APPROVED;
  return { status: "in_review", reviewStatus: "pending", currentStageId: first.stageId, assigneeId };
}

/** Every applicable stage was skipped straight through: no person needed to look, the document is approved. */
export const STRAIGHT_THROUGH_APPROVED = { status: "approved", reviewStatus: "approved", currentStageId: null, assigneeId: null } as const satisfies ReviewColumns;

/** Judges stage settings against one document's data: the parser's fields and checks are read once. */
export async function straightThroughJudge(tx: DbOrTx, { parserId, data, fieldMetadata }: { parserId: string; data: Record<string, unknown>; fieldMetadata: Record<string, unknown> }) {
  const [parser] = await tx.select({ validationRules: parsers.validationRules }).from(parsers).where(eq(parsers.id, parserId));
  const fields = buildFieldTree(await loadFieldRows(tx, parserId));
  return (setting: StraightThrough) => straightThroughVerdict(setting, { fields, rules: parser?.validationRules ?? [], data, fieldMetadata });
}

/** The audit of a straight-through skip. No person acted: the row names none. */
export async function recordStraightThrough(tx: DbOrTx, { teamId, documentId, skipped, status }: { teamId: string; documentId: string; skipped: { stageId: string; note: string }[]; status: DocumentStatus }): Promise<void> {
  await tx.insert(auditLog).values({
    teamId,
    actorUserId: null,
    actorApiKeyId: null,
    action: "review.straight_through",
    resourceType: "document",
    resourceId: documentId,
    after: { status, skippedStages: skipped.map((entry) => ({ stageId: entry.stageId, reason: entry.note })) },
  });
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
export async function setRowStatuses(tx: DbOrTx, { documentId, changes }: { documentId: string; changes: readonly { stageId: string; status: "pending" | "skipped" }[] }): Promise<void> {
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
