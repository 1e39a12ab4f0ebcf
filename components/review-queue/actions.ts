"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { preferenceOperations } from "@/lib/contracts/preferences";
import { reviewBulkOperations, type BulkReview, type BulkReviewResult } from "@/lib/contracts/review-bulk";
import { reviewOperations } from "@/lib/contracts/reviews";

/** How many documents wait for me: the navigation's badge asks again after each decision. */
export async function myQueueCountAction(): Promise<ActionResult<number>> {
  return runAction(async () => (await (await consoleApi()).call(reviewOperations.queue, { query: { assignee: "me", limit: 1 } })).pagination.total);
}

/** Approve, reject or assign the documents chosen in the queue; the answer says which were done and why not. */
export async function bulkReviewAction(input: BulkReview): Promise<ActionResult<BulkReviewResult>> {
  return runAction(async () => (await consoleApi()).call(reviewBulkOperations.decide, { body: input }));
}

/** The queue's Columns control: the values shown for a parser (an empty choice goes back to the parser's default). */
export async function saveQueueColumnsAction(parserId: string, fields: string[]): Promise<ActionResult<string[]>> {
  return runAction(async () => {
    const saved = await (await consoleApi()).call(preferenceOperations.update, { body: { listColumns: { [parserId]: fields.length > 0 ? fields : null } } });
    return saved.listColumns[parserId] ?? [];
  });
}
