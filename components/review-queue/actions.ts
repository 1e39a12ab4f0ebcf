"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
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
