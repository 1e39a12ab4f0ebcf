import type { Metadata } from "next";
import Link from "next/link";
import { NotAllowed } from "@/components/console/not-allowed";
import { canSeeEveryone } from "@/components/review-queue/can-see-everyone";
import { QueueEmptyState } from "@/components/review-queue/queue-empty-state";
import { QueueLiveRefresh } from "@/components/review-queue/queue-live-refresh";
import { QueuePagination } from "@/components/review-queue/queue-pagination";
import { QueueScopeTabs } from "@/components/review-queue/queue-scope-tabs";
import { QueueTable } from "@/components/review-queue/queue-table";
import { parseQueueView, queueHref, QUEUE_SCOPE_LABELS, type QueueSearchParams, type QueueView } from "@/components/review-queue/queue-view";
import { StageFacet } from "@/components/review-queue/stage-facet";
import { buttonClasses, EmptyState, ErrorState, PageHeader } from "@/components/ui";
import { ApiError, type ApiClient } from "@/lib/console/api/client";
import { consoleApi } from "@/lib/console/api/console";
import { getMe, hasPermission } from "@/lib/console/me";
import { fieldOperations } from "@/lib/contracts/fields";
import { reviewOperations, type ReviewQueue } from "@/lib/contracts/reviews";

export const metadata: Metadata = { title: "Review" };

const PAGE_SIZE = 25;

/**
 * The queue for one view, and when it was read: the facet gives when each stage's oldest document arrived, and
 * its wait is measured from that moment. An API error is returned to show in the page, not thrown.
 */
async function loadQueue(view: QueueView): Promise<{ queue: ReviewQueue; readAt: number } | ApiError> {
  const api = await consoleApi();
  try {
    const queue = await api.call(reviewOperations.queue, { query: { assignee: view.scope, stageId: view.stageId, page: view.page, limit: PAGE_SIZE } });
    return { queue, readAt: Date.now() };
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** Who may be given the page's documents: the reviewers of every parser on it (the API checks each one). */
async function reviewersOf(api: ApiClient, parserIds: string[]): Promise<{ id: string; name: string; email: string }[]> {
  const lists = await Promise.all([...new Set(parserIds)].map((parserId) => api.call(reviewOperations.reviewers, { params: { parserId } }).then((list) => list.data, () => [])));
  const byId = new Map(lists.flat().map((person) => [person.id, person]));
  return [...byId.values()].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
}

/** The Columns control's choice when the page's documents are all of one parser: that parser's values. */
async function columnChoiceOf(api: ApiClient, parserIds: string[]): Promise<{ parserId: string; fieldNames: string[] } | null> {
  const [parserId, ...others] = [...new Set(parserIds)];
  if (!parserId || others.length > 0) return null;
  const fields = await api.call(fieldOperations.list, { params: { parserId } }).then((list) => list.data, () => []);
  return { parserId, fieldNames: fields.filter((field) => field.type !== "table").map((field) => field.name) };
}

const documentCount = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/**
 * The reviewer's queue across parsers: one server render per URL (scope, stage, page), read again after decisions
 * and every half minute (QueueLiveRefresh), so the counts stay live.
 */
export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<QueueSearchParams> }) {
  const [me, search] = await Promise.all([getMe(), searchParams]);
  if (!hasPermission(me, "reviews.read")) return <NotAllowed what="see the review queue" role={me.role} teamName={me.team.name} />;
  const everyone = canSeeEveryone(me);
  const view = parseQueueView(search, { canSeeEveryone: everyone });
  const loaded = await loadQueue(view);
  const first = loaded instanceof ApiError ? undefined : loaded.queue.data[0];
  const parserIds = loaded instanceof ApiError ? [] : loaded.queue.data.map((item) => item.parser.id);
  const [reviewers, columnChoice] = await Promise.all([
    everyone && parserIds.length > 0 ? reviewersOf(await consoleApi(), parserIds) : Promise.resolve([]),
    columnChoiceOf(await consoleApi(), parserIds),
  ]);

  return (
    <>
      <QueueLiveRefresh />
      <PageHeader
        title="Review queue"
        description="Documents waiting at a review stage, across every parser, the longest waiting first."
        className={everyone ? "mb-4 border-b-0 pb-0" : "mb-6"}
        actions={
          first ? (
            <Link href={`/parsers/${first.parser.id}/documents/${first.documentId}`} className={buttonClasses({ variant: "primary" })}>
              Start reviewing
            </Link>
          ) : null
        }
      />
      {everyone ? <QueueScopeTabs view={view} /> : null}
      {loaded instanceof ApiError ? (
        <ErrorState title="The queue could not be loaded" message={loaded.message} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <StageFacet stages={loaded.queue.stages} view={view} now={loaded.readAt} />
          <section aria-labelledby="queue-documents-heading">
            <h2 id="queue-documents-heading" className="mb-2 text-sm font-semibold">
              {QUEUE_SCOPE_LABELS[view.scope]}
              {/* The count comes from the same answer as the list below: never "6 documents" over an empty list. */}
              {loaded.queue.data.length > 0 ? <span className="font-normal text-muted"> · {documentCount(loaded.queue.pagination.total)}</span> : null}
            </h2>
            {loaded.queue.data.length === 0 && loaded.queue.pagination.total > 0 ? (
              // Past the last page (documents were decided meanwhile): say so instead of "nothing waits".
              <EmptyState
                headingLevel={3}
                title="This page is past the end of the queue"
                description="Documents were decided while you were away, so the queue is shorter now."
                action={
                  <Link href={queueHref(view, { page: 1 })} className="text-sm text-accent hover:underline">
                    Go to the first page
                  </Link>
                }
              />
            ) : loaded.queue.data.length === 0 ? (
              <QueueEmptyState view={view} canSeeEveryone={everyone} canManageStages={hasPermission(me, "parsers.write")} />
            ) : (
              <QueueTable items={loaded.queue.data} reviewers={reviewers} columnChoice={columnChoice} />
            )}
            <QueuePagination view={view} pagination={loaded.queue.pagination} />
          </section>
        </div>
      )}
    </>
  );
}
