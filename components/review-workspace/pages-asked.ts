"use client";

/**
 * When the workspace first asked the router for a document's page (the header's prefetch, or opening it), in the
 * page's clock: a page the router gives back was read by the server no earlier than that, so the queue it carries
 * is at most this old. A page reached any other way (a link elsewhere, a reload) has no entry.
 */
const askedAt = new Map<string, number>();
/** Older entries go: the router keeps no prefetched page that long (it refetches after a few minutes). */
const KEEP_MS = 30 * 60_000;

export function pageAsked(documentId: string): void {
  const now = performance.now();
  for (const [id, at] of askedAt) if (now - at > KEEP_MS) askedAt.delete(id);
  if (!askedAt.has(documentId)) askedAt.set(documentId, now);
}

export function pageAskedAt(documentId: string): number | null {
  return askedAt.get(documentId) ?? null;
}
