"use client";

import { Badge, Button } from "@/components/ui";
import type { ReviewStage } from "@/lib/contracts/reviews";
import { describeRules } from "./describe-rules";

export type MoveDirection = "up" | "down";

export const moveButtonId = (stageId: string, direction: MoveDirection) => `stage-${stageId}-move-${direction}`;

const documentCount = (count: number) => (count === 0 ? "None" : count === 1 ? "1 document" : `${count} documents`);

/**
 * One stage: what it is, who reviews it, which documents it applies to, and how many documents in review still
 * have it to pass (at it now or further on): those keep it from being deleted.
 */
export function StageListItem({
  stage,
  isFirst,
  isLast,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  stage: ReviewStage;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  /** Absent for people who may only read the stages. */
  onMove?: (direction: MoveDirection) => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  // While a move is saving the buttons stay focusable (aria-disabled, not disabled), so keyboard focus is kept.
  const move = (direction: MoveDirection) => () => !busy && onMove?.(direction);
  return (
    <li className="rounded-lg border border-line bg-surface p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="inline-flex size-6 items-center justify-center rounded-full bg-subtle text-xs font-semibold text-muted">
          {stage.position}
        </span>
        <h3 className="font-medium">{stage.name}</h3>
        <Badge tone={stage.reviewType === "mandatory" ? "accent" : "neutral"}>{stage.reviewType === "mandatory" ? "Mandatory" : "Conditional"}</Badge>
        {onMove && onEdit && onDelete ? (
          <span className="ml-auto flex gap-1">
            <Button id={moveButtonId(stage.id, "up")} size="sm" variant="ghost" aria-label={`Move ${stage.name} up`} aria-disabled={busy || undefined} disabled={isFirst} onClick={move("up")}>
              ↑
            </Button>
            <Button id={moveButtonId(stage.id, "down")} size="sm" variant="ghost" aria-label={`Move ${stage.name} down`} aria-disabled={busy || undefined} disabled={isLast} onClick={move("down")}>
              ↓
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Edit ${stage.name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Delete ${stage.name}`} onClick={onDelete}>
              Delete
            </Button>
          </span>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 pl-8 text-sm">
        <dt className="text-muted">Reviewer</dt>
        <dd>{stage.reviewer ? stage.reviewer.name || stage.reviewer.email : <span className="text-muted">Unassigned</span>}</dd>
        <dt className="text-muted">Applies to</dt>
        <dd>{stage.reviewType === "mandatory" ? "Every document" : `Documents where ${describeRules(stage.rules)}`}</dd>
        <dt className="text-muted">Straight through</dt>
        <dd>{stage.straightThrough.enabled ? `Skipped when every required value is at least ${stage.straightThrough.minConfidence.toFixed(2)} confident and every check passes` : "Off"}</dd>
        <dt className="text-muted">Still to review here</dt>
        <dd>{documentCount(stage.activeDocumentCount)}</dd>
        {stage.reviewerInstructions ? (
          <>
            <dt className="text-muted">Instructions</dt>
            <dd className="whitespace-pre-line">{stage.reviewerInstructions}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}
