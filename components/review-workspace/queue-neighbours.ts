import type { Neighbours, QueueNeighbour } from "./workspace-document";

/** My review queue as read at one moment: its first documents (oldest first) and how many wait in all. */
export type QueueSnapshot = { items: QueueNeighbour[]; total: number };

/**
 * Where a document sits in my queue: the documents before and after it, and its place ("3 of 6"). A document that
 * is not in my queue (opened from the list) has the queue's first document as its next one. `leftOut`: documents
 * decided since the queue was read (or being decided), which it may still list; the document itself never is.
 */
export function neighboursIn(queue: QueueSnapshot, documentId: string, leftOut: ReadonlySet<string>): Neighbours {
  const items = queue.items.filter((item) => item.documentId === documentId || !leftOut.has(item.documentId));
  const total = Math.max(items.length, queue.total - (queue.items.length - items.length));
  const index = items.findIndex((item) => item.documentId === documentId);
  if (index === -1) return { previous: null, next: items[0] ?? null, position: null };
  return { previous: items[index - 1] ?? null, next: items[index + 1] ?? null, position: { index: index + 1, total } };
}

/**
 * What a review page reached from another one carries besides the document (the page's server component loads it,
 * so the router's prefetch of the next document brings it along): my queue, and the file of the document after
 * this one in it, for fetching ahead of time (null: none, or shown as text).
 */
export type QueueContext = { queue: QueueSnapshot; nextFile: { documentId: string; fileUrl: string } | null };
