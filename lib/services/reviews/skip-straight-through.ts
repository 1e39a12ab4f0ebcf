import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documentReviewStages, reviewStages } from "@/lib/db/schema";
import { recordStraightThrough, straightThroughJudge, type ReviewRow } from "./flow";

/**
 * After an approval, the stage the document moves to next, past the stages that let it through on their own: a
 * pending stage with straight-through processing on is skipped (its row `skipped`, the reason in its note, an
 * audit row) while the document qualifies. Returns the row of the next stage a person reviews, or undefined when
 * none is left. `changes` are the re-evaluation's statuses, already written.
 */
export async function skipStraightThrough(
  tx: DbOrTx,
  { document, rows, nextStageId, changes }: { document: { id: string; teamId: string; parserId: string; data: Record<string, unknown>; fieldMetadata: Record<string, unknown>; status: string }; rows: readonly ReviewRow[]; nextStageId: string | null; changes: readonly { stageId: string; status: "pending" | "skipped" }[] },
): Promise<ReviewRow | undefined> {
  const next = rows.find((row) => row.stageId === nextStageId);
  if (!next) return undefined;
  const statusOf = (row: ReviewRow) => changes.find((change) => change.stageId === row.stageId)?.status ?? row.status;
  const pending = [...rows].filter((row) => row.position >= next.position && statusOf(row) === "pending").sort((a, b) => a.position - b.position);
  const settings = await tx.select({ id: reviewStages.id, straightThrough: reviewStages.straightThrough }).from(reviewStages).where(eq(reviewStages.parserId, document.parserId));
  const settingOf = new Map(settings.map((row) => [row.id, row.straightThrough]));
  if (!pending.some((row) => settingOf.get(row.stageId)?.enabled)) return next;
  const judge = await straightThroughJudge(tx, { parserId: document.parserId, data: document.data, fieldMetadata: document.fieldMetadata });
  const skipped: { stageId: string; note: string }[] = [];
  for (const row of pending) {
    const setting = settingOf.get(row.stageId);
    const verdict = setting ? judge(setting) : null;
    if (!verdict?.skip) {
      if (skipped.length > 0) await recordStraightThrough(tx, { teamId: document.teamId, documentId: document.id, skipped, status: "in_review" });
      return row;
    }
    await tx
      .update(documentReviewStages)
      .set({ status: "skipped", note: verdict.note, enteredAt: null, assigneeId: null })
      .where(and(eq(documentReviewStages.documentId, document.id), eq(documentReviewStages.stageId, row.stageId)));
    skipped.push({ stageId: row.stageId, note: verdict.note });
  }
  await recordStraightThrough(tx, { teamId: document.teamId, documentId: document.id, skipped, status: "approved" });
  return undefined;
}
