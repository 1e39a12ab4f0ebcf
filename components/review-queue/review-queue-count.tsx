import { LiveReviewCount } from "./live-review-count";
import { consoleApi } from "@/lib/console/api/console";
import { reviewOperations } from "@/lib/contracts/reviews";

/**
 * The navigation's count of documents waiting for the signed-in user: one small queue call (a single row), shown
 * inside Suspense so the shell never waits for it. A failed call shows no badge rather than breaking navigation.
 * Decisions taken without a reload update it in the browser (LiveReviewCount).
 */
export async function ReviewQueueCount() {
  const api = await consoleApi();
  const queue = await api.call(reviewOperations.queue, { query: { assignee: "me", limit: 1 } }).catch(() => null);
  return <LiveReviewCount initial={queue?.pagination.total ?? 0} />;
}
