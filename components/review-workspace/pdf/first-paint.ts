"use client";

/**
 * Marks the moment the document's first page is on screen (`review-workspace:first-page`, with the document id
 * as detail), for `npm run bench:console` and anyone profiling. Two animation frames after the canvas is drawn:
 * the first runs before the browser paints the frame holding the canvas, the second after it.
 */
export const FIRST_PAGE_MARK = "review-workspace:first-page";

export function markFirstPagePainted(documentId: string, then?: () => void): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      performance.mark(FIRST_PAGE_MARK, { detail: { documentId } });
      then?.();
    }),
  );
}
