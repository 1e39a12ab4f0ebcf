"use client";

import type { Review } from "@/lib/contracts/documents";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import type { ReviewAbilities } from "../review-abilities";
import { ReviewActions, type Decision, type Person } from "./review-actions";
import { StageProgress } from "./stage-progress";

/** The review beside the data: the stages, what this stage's reviewer is asked to check, and the decisions. */
export function ReviewPanel({ review, abilities, keymap, busy, error, reviewers, onDecide, onAssign }: {
  review: Review;
  abilities: ReviewAbilities;
  keymap: ReviewKeymap;
  busy: Decision | "assign" | null;
  error: string | null;
  reviewers: Person[];
  onDecide: (decision: Decision) => void;
  onAssign: (reviewerId: string) => void;
}) {
  const instructions = review.currentStage?.reviewerInstructions?.trim();
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-3 border-b border-line p-3">
      <h3 id="review-heading" className="text-sm font-semibold">
        Review
      </h3>
      <StageProgress review={review} />
      {review.currentStage ? (
        <div className="rounded-lg bg-subtle px-3 py-2">
          <h4 className="text-xs font-medium text-muted">Instructions for {review.currentStage.name}</h4>
          <p className="mt-0.5 text-sm whitespace-pre-line">{instructions || "No instructions for this stage."}</p>
        </div>
      ) : null}
      {review.stages.length === 0 ? null : (
        <ReviewActions
          key={review.assignee?.id ?? "nobody"}
          abilities={abilities}
          finished={review.status === "approved" || review.status === "rejected"}
          keymap={keymap}
          busy={busy}
          reviewers={reviewers}
          assigneeId={review.assignee?.id ?? null}
          onDecide={onDecide}
          onAssign={onAssign}
        />
      )}
      <p role="alert" className="text-sm font-medium text-danger empty:hidden">
        {error}
      </p>
    </section>
  );
}
