"use client";

/**
 * Decisions taken in this tab, and whether they have been answered. A queue read before the API has taken a
 * decision still lists the document: a workspace leaves these out, so its queue position ("3 of 6") and its previous
 * document do not count a document that is being approved (the workspace moves on without waiting for the answer),
 * or was approved after the queue was read (the next page, prefetched while the reviewer worked on this one).
 */
/** By document: when the decision was answered (performance.now()), or null while it is in flight. */
const decisions = new Map<string, { answeredAt: number | null }>();
const KEEP_MS = 30 * 60_000;

export function decisionSent(documentId: string): void {
  const now = performance.now();
  for (const [id, decision] of decisions) if (decision.answeredAt !== null && now - decision.answeredAt > KEEP_MS) decisions.delete(id);
  decisions.set(documentId, { answeredAt: null });
}

/** `taken`: false when the API refused it (the document stays where it was, in my queue). */
export function decisionAnswered(documentId: string, taken = true): void {
  const decision = decisions.get(documentId);
  if (!taken) decisions.delete(documentId);
  else if (decision) decision.answeredAt = performance.now();
}

/** A decision taken back (undone): the document is in my queue again, as any queue read from now on lists it. */
export function forgetDecision(documentId: string): void {
  decisions.delete(documentId);
}

export function documentsBeingDecided(): string[] {
  return [...decisions].filter(([, decision]) => decision.answeredAt === null).map(([id]) => id);
}

/**
 * What a queue read at `time` or later (performance.now()) may list though it is decided: the documents whose
 * decision was not answered before then. A decision answered earlier had left the queue when it was read.
 */
export function documentsUndecidedAt(time: number): Set<string> {
  return new Set([...decisions].filter(([, decision]) => decision.answeredAt === null || decision.answeredAt >= time).map(([id]) => id));
}
