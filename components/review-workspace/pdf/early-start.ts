import { loadPdfViewer } from "./load-viewer";
import { pdfWorkerPort } from "./worker-port";

/** A document's review workspace: `/parsers/<parserId>/documents/<documentId>`. */
const REVIEW_PATH = /^\/parsers\/[^/]+\/documents\/[^/]+\/?$/;

export function isReviewPath(pathname: string): boolean {
  return REVIEW_PATH.test(pathname);
}

/**
 * Starts what the first page canvas waits for at the very start of a page load of the review workspace (from
 * instrumentation-client.ts, which Next runs before it hydrates): the pdf.js worker, and the viewer's chunk (react-pdf
 * and pdf.js). Left to the workspace's own module, both started only once hydration reached it, most of a second
 * after the HTML: the worker then booted (fetch, compile, run: ~0.25 s on a loaded machine) and the chunk was fetched
 * and evaluated (~0.15 s) while page 1 waited. Both are the same instances the workspace uses later: one worker per
 * tab (worker-port.ts), one module registry. Elsewhere in the console this does nothing.
 */
export function startReviewViewerEarly(pathname: string): void {
  if (!isReviewPath(pathname)) return;
  pdfWorkerPort();
  loadPdfViewer().catch(() => undefined); // the workspace asks again and shows a failure itself
}
