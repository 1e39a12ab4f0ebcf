"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui";
import type { Review } from "@/lib/contracts/documents";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import type { ReviewAbilities } from "../review-abilities";
import type { ReviewDecisions } from "../use-review-decisions";
import { ApprovalProblems } from "./approval-problems";
import { DecisionDialogs } from "./decision-dialogs";
import { ReassignControl } from "./reassign-control";
import { ReviewActions, type Person } from "./review-actions";
import { StageProgress } from "./stage-progress";

/**
 * The review above the document and its data, compact: one line with the stages and the decisions, the stage's
 * instructions under it; "Details" opens who reviews each stage, when, and reassignment.
 */
export function ReviewPanel({ review, abilities, keymap, decisions, reviewers, rejectReasons }: {
  review: Review;
  abilities: ReviewAbilities;
  keymap: ReviewKeymap;
  decisions: ReviewDecisions;
  reviewers: Person[];
  rejectReasons: string[];
}) {
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const instructions = review.currentStage?.reviewerInstructions?.trim();
  const finished = review.status === "approved" || review.status === "rejected";
  const blocked = finished ? abilities.reset : abilities.decide;
  const decidedNote = review.stages.find((stage) => stage.note && (stage.status === "rejected" || stage.status === "approved"))?.note;
  // A stage nobody reviewed says why (straight-through processing records its reason in the stage's note).
  const skipped = review.stages.filter((stage) => stage.status === "skipped" && stage.note);
  return (
    // On a phone the bar stays on screen while the data scrolls under it (sticky), with the page one tap away.
    <section aria-labelledby="review-heading" className="sticky top-0 z-20 border-b border-line bg-surface px-3 py-1.5 md:relative">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <h2 id="review-heading" className="text-sm font-semibold">
          Review
        </h2>
        <StageProgress review={review} compact />
        {review.stages.length === 0 ? null : (
          <div className="ml-auto flex items-center gap-1.5">
            <ReviewActions
              abilities={abilities}
              keymap={keymap}
              busy={decisions.busy}
              onApprove={decisions.approve}
              onReject={() => decisions.setDialog("reject")}
              onReset={() => decisions.setDialog("reset")}
            />
            <a href="#document-pane" className="rounded-lg px-2 py-1 text-sm font-medium text-accent hover:bg-subtle md:hidden">
              Show the page
            </a>
            <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
              {open ? "Hide details" : "Details"}
            </Button>
          </div>
        )}
      </div>
      {instructions ? (
        <p className="mt-1 truncate text-xs text-muted" title={instructions}>
          <span className="font-medium text-ink">Instructions for {review.currentStage?.name}: </span>
          {instructions}
        </p>
      ) : null}
      {decidedNote ? (
        <p className="mt-1 text-xs text-muted">
          <span className="font-medium text-ink">{review.status === "rejected" ? "Rejected because: " : "Note: "}</span>
          {decidedNote}
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <ul aria-label="Stages skipped" className="mt-1 text-xs text-muted">
          {skipped.map((stage) => (
            <li key={stage.id}>
              <span className="font-medium text-ink">{stage.name} was skipped. </span>
              {stage.note}
            </li>
          ))}
        </ul>
      ) : null}
      {!blocked.allowed && review.stages.length > 0 ? <p className="mt-1 text-xs text-muted">{blocked.reason}</p> : null}
      {open ? (
        <div id={detailsId} className="mt-2 grid gap-3 pb-1 md:grid-cols-2">
          <StageProgress review={review} />
          {abilities.reassign.allowed ? (
            <ReassignControl key={review.assignee?.id ?? "nobody"} reviewers={reviewers} assigneeId={review.assignee?.id ?? null} busy={decisions.busy !== null} onAssign={decisions.assign} />
          ) : null}
        </div>
      ) : null}
      <ApprovalProblems problems={decisions.problems} canOverride={abilities.override} onOverride={() => decisions.setDialog("override")} onDismiss={decisions.clearProblems} />
      {/* Floats over the page (its values are marked on themselves), so a refusal never pushes the data down. */}
      <p role="alert" className="absolute top-full right-3 z-20 mt-1 max-w-md rounded-lg border border-danger/40 bg-surface px-3 py-1.5 text-sm font-medium text-danger shadow-lg empty:hidden">
        {decisions.error}
      </p>
      <DecisionDialogs dialog={decisions.dialog} onClose={() => decisions.setDialog(null)} rejectReasons={rejectReasons} problemCount={decisions.problems.length} run={decisions.run} />
    </section>
  );
}
