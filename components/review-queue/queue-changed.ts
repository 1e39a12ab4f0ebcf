/** Announced in the browser when a decision changed my review queue (the navigation's badge listens). */
export const QUEUE_CHANGED_EVENT = "quarry:review-queue-changed";

export function announceQueueChanged(): void {
  window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}
