/** Announced in the browser when a decision changed my review queue (the navigation's badge listens). */
export const QUEUE_CHANGED_EVENT = "quarry:review-queue-changed";

/**
 * `count`: how many documents wait for me now, when the announcer knows it (an approval that loaded the next
 * document's place in my queue): the badge then takes it instead of asking the server in a server action of its
 * own, which would hold up the reviewer's next save (server actions run one at a time).
 */
export function announceQueueChanged(count?: number): void {
  window.dispatchEvent(new CustomEvent<{ count?: number }>(QUEUE_CHANGED_EVENT, { detail: { count } }));
}

/** The count an announcement carries, if any. */
export function announcedCount(event: Event): number | null {
  const count = event instanceof CustomEvent ? (event.detail as { count?: unknown } | null)?.count : undefined;
  return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null;
}
