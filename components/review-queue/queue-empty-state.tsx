import Link from "next/link";
import { EmptyState } from "@/components/ui";
import { queueHref, type QueueView } from "./queue-view";

const linkClasses = "text-sm text-accent hover:underline";

/** An empty queue says why it is empty and what would fill it, for each view. */
export function QueueEmptyState({ view, canSeeEveryone, canManageStages }: { view: QueueView; canSeeEveryone: boolean; canManageStages: boolean }) {
  if (view.stageId) {
    return (
      <EmptyState
        headingLevel={3}
        title="Nothing waits at this stage"
        description="Its documents have moved on, or were never assigned to this view."
        action={
          <Link href={queueHref(view, { stageId: undefined })} className={linkClasses}>
            Show all stages
          </Link>
        }
      />
    );
  }
  const setUpStages = canManageStages ? (
    <Link href="/parsers" className={linkClasses}>
      Set up review stages on a parser →
    </Link>
  ) : null;
  if (view.scope === "me") {
    return (
      <EmptyState
        headingLevel={3}
        title="Nothing waits for you"
        description="When a document reaches a review stage with you as its reviewer, it appears here, the longest waiting first."
        action={
          canSeeEveryone ? (
            <Link href={queueHref(view, { scope: "unassigned" })} className={linkClasses}>
              See unassigned documents
            </Link>
          ) : null
        }
      />
    );
  }
  if (view.scope === "unassigned") {
    return (
      <EmptyState
        headingLevel={3}
        title="No unassigned documents"
        description="Every document in review has a reviewer. Documents land here when their stage has no reviewer; give the stage one, or assign documents from the review workspace."
        action={setUpStages}
      />
    );
  }
  return (
    <EmptyState
      headingLevel={3}
      title="No document is in review"
      description="Documents enter review after extraction when their parser has review stages. Add stages in a parser's Review stages tab."
      action={setUpStages}
    />
  );
}
