"use client";

/**
 * The steps between a reviewer's key and what it shows, as performance marks (`review-workspace:<phase>`, with the
 * document id as detail): `npm run bench:review` reads them to say where a document's time goes, and anyone can
 * see them in the browser's performance panel. A mark costs microseconds.
 */
export type ReviewPhase =
  /** A correction left the browser / its answer arrived. */
  | "save-sent"
  | "save-answered"
  /** A decision left the browser (saves flushed) / its answer arrived. */
  | "decision-sent"
  | "decision-answered"
  /** The workspace asked the router for the next document. */
  | "navigating"
  /** The document's workspace mounted (its data on screen). */
  | "workspace-mounted"
  /** pdf.js opened the file / drew the first page (the first-page mark follows once it is painted). */
  | "pdf-opened"
  | "page-drawn";

export const PHASE_MARK_PREFIX = "review-workspace:";

export function markReviewPhase(phase: ReviewPhase, documentId: string): void {
  if (typeof performance === "undefined" || typeof performance.mark !== "function") return;
  performance.mark(`${PHASE_MARK_PREFIX}${phase}`, { detail: { documentId } });
}
