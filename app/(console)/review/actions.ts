"use server";

import { runAction, type ActionResult } from "@/lib/actions/result";
import { consoleApi } from "@/lib/api-client/console";
import { reviewOperations } from "@/lib/contracts/reviews";

/** How many documents wait for me: the navigation's badge asks again after each decision. */
export async function myQueueCountAction(): Promise<ActionResult<number>> {
  return runAction(async () => (await (await consoleApi()).call(reviewOperations.queue, { query: { assignee: "me", limit: 1 } })).pagination.total);
}
