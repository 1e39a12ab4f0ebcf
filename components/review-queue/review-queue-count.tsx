import { Badge } from "@/components/ui";
import { consoleApi } from "@/lib/api-client/console";
import { reviewOperations } from "@/lib/contracts/reviews";

/**
 * The navigation's count of documents waiting for the signed-in user: one small queue call (a single row), shown
 * inside Suspense so the shell never waits for it. A failed call shows no badge rather than breaking navigation.
 */
export async function ReviewQueueCount() {
  const api = await consoleApi();
  const queue = await api.call(reviewOperations.queue, { query: { assignee: "me", limit: 1 } }).catch(() => null);
  const total = queue?.pagination.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge tone="accent" className="tabular-nums">
      {total > 99 ? "99+" : total}
      <span className="sr-only"> waiting for you</span>
    </Badge>
  );
}
