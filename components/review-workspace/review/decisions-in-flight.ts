"use client";

/**
 * Documents whose approval has been sent but not answered yet (the workspace moved on without waiting). The next
 * workspace's context may read my queue before the API has taken the decision: it leaves these out, so the queue
 * position ("3 of 6") and the previous document do not count a document that is being approved.
 */
const inFlight = new Set<string>();

export function decisionSent(documentId: string): void {
  inFlight.add(documentId);
}

export function decisionAnswered(documentId: string): void {
  inFlight.delete(documentId);
}

export function documentsBeingDecided(): string[] {
  return [...inFlight];
}
