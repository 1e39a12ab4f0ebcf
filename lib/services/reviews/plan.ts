import type { StageStatus } from "@/lib/contracts/enums";
import { stageApplies, type StageLike } from "./rules";

/**
 * The review flow of DESIGN §1.5 as pure functions over stage definitions and extracted data.
 *
 * A document entering review gets one row per live stage of its parser, in stage order (positions 1..n):
 * `pending` for a stage that applies, `skipped` for a conditional stage whose rules do not match, so its review
 * shows every stage and why it was not asked. The first pending row is the current stage. When no stage applies
 * (no stages, or only skipped ones) there is no review at all: no rows, `processed`, `not_required`.
 */
export type StageDefinition = StageLike & { id: string };
export type PlannedRow = { stageId: string; position: number; status: Extract<StageStatus, "pending" | "skipped"> };

export function planReview(stages: readonly StageDefinition[], data: Readonly<Record<string, unknown>>): PlannedRow[] {
  const rows = stages.map((stage, index) => ({ stageId: stage.id, position: index + 1, status: stageApplies(stage, data) ? ("pending" as const) : ("skipped" as const) }));
  return rows.some((row) => row.status === "pending") ? rows : [];
}

/** A document's row for a stage, with the stage's current definition (null once the stage is deleted). */
export type RowState = { stageId: string; position: number; status: StageStatus; stage: StageLike | null };

/**
 * After the stage at `position` is approved: the rows after it are re-evaluated on the current data (a reviewer
 * may have corrected a value, so a conditional stage may now apply or no longer apply); a deleted stage is
 * skipped. Returns the status changes and the next stage, or null when the review is complete.
 */
export function reevaluateAfter({ rows, position, data }: { rows: readonly RowState[]; position: number; data: Readonly<Record<string, unknown>> }) {
  const changes: { stageId: string; status: "pending" | "skipped" }[] = [];
  let nextStageId: string | null = null;
  for (const row of [...rows].sort((a, b) => a.position - b.position)) {
    if (row.position <= position || (row.status !== "pending" && row.status !== "skipped")) continue;
    const status = row.stage && stageApplies(row.stage, data) ? "pending" : "skipped";
    if (status !== row.status) changes.push({ stageId: row.stageId, status });
    if (status === "pending") nextStageId ??= row.stageId;
  }
  return { changes, nextStageId };
}
