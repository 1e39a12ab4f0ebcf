import { Badge, type BadgeProps } from "@/components/ui";
import type { Review } from "@/lib/contracts/documents";
import type { StageStatus } from "@/lib/contracts/enums";

const STAGE_STATUS: Record<StageStatus, { label: string; tone: BadgeProps["tone"] }> = {
  pending: { label: "Waiting", tone: "accent" },
  in_progress: { label: "In progress", tone: "accent" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  skipped: { label: "Skipped", tone: "neutral" },
};

const time = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

function when(stage: Review["stages"][number]): string | null {
  if (stage.approvedAt) return `approved ${time.format(new Date(stage.approvedAt))}`;
  if (stage.rejectedAt) return `rejected ${time.format(new Date(stage.rejectedAt))}`;
  if (stage.enteredAt) return `since ${time.format(new Date(stage.enteredAt))}`;
  return null;
}

/** The review's stages in order: which one the document is at, who reviews each, and when things happened. */
export function StageProgress({ review, compact = false }: { review: Review; compact?: boolean }) {
  if (review.stages.length === 0) {
    return <p className="text-xs text-muted">{review.status === "not_required" ? "No review is required for this document." : "No review stages."}</p>;
  }
  if (compact) {
    // One line: each stage's name and state; who and when are in the expanded view.
    return (
      <ol aria-label="Review stages" className="flex min-w-0 flex-wrap items-center gap-1.5">
        {review.stages.map((stage) => {
          const current = review.currentStage?.id === stage.id;
          const status = STAGE_STATUS[stage.status];
          return (
            <li
              key={stage.id}
              aria-current={current ? "step" : undefined}
              title={stage.status === "skipped" && stage.note ? `${stage.name}: ${stage.note}` : stage.assignee ? `${stage.name}: ${stage.assignee.name || stage.assignee.email}` : stage.name}
              className={current ? "flex items-center gap-1.5 rounded-md border border-accent/40 bg-accent-soft/50 px-1.5 py-0.5" : "flex items-center gap-1.5 rounded-md border border-line px-1.5 py-0.5"}
            >
              <span className="max-w-40 truncate text-xs font-medium">
                {stage.position}. {stage.name}
              </span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <ol aria-label="Review stages, with reviewers and times" className="flex flex-col gap-1">
      {review.stages.map((stage) => {
        const current = review.currentStage?.id === stage.id;
        const status = STAGE_STATUS[stage.status];
        const happened = when(stage);
        return (
          <li
            key={stage.id}
            aria-current={current ? "step" : undefined}
            className={current ? "rounded-lg border border-accent/40 bg-accent-soft/50 px-2 py-1.5" : "rounded-lg border border-transparent px-2 py-1.5"}
          >
            <div className="flex items-center gap-2">
              <span className="text-xs text-muted tabular-nums">{stage.position}.</span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{stage.name}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            {/* Times are in the reader's zone, which the server cannot know: the browser's rendering wins. */}
            <p className="pl-5 text-xs text-muted" suppressHydrationWarning>
              {stage.assignee ? stage.assignee.name || stage.assignee.email : "Unassigned"}
              {happened ? ` · ${happened}` : ""}
            </p>
            {stage.status === "skipped" && stage.note ? <p className="pl-5 text-xs text-muted">{stage.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
