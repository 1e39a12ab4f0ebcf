import { loadPdfViewer } from "./load-viewer";
import { pdfWorkerPort } from "./worker-port";

/** A document's review workspace: `/parsers/<parserId>/documents/<documentId>`. */
const REVIEW_PATH = /^\/parsers\/[^/]+\/documents\/[^/]+\/?$/;

export function isReviewPath(pathname: string): boolean {
  return REVIEW_PATH.test(pathname);
}

/**
 * Starts what the first page canvas waits for as soon as the console's root client module runs on a page load of the
 * review workspace (components/providers.tsx): the pdf.js worker, and the viewer's chunk (react-pdf and pdf.js). Left
 * to the workspace's own module, both started only once hydration reached the workspace, most of a second after the
 * HTML on a loaded machine: the worker then booted (fetch, compile, run: ~0.25 s) and the chunk was fetched and
 * evaluated (~0.2 s) while page 1 waited. Both are the ones the workspace uses later: one worker per tab
 * (worker-port.ts), one import site for the chunk (load-viewer.ts). Elsewhere in the console this does nothing.
 * (Not from instrumentation-client.ts: that entry is bundled outside the app's client graph, where the viewer's server
 * actions would be bundled as code instead of references.)
 */
export function startReviewViewerEarly(pathname: string): void {
  if (!isReviewPath(pathname)) return;
  pdfWorkerPort();
  loadPdfViewer().catch(() => undefined); // the workspace asks again and shows a failure itself
}
