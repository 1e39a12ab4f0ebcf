"use client";

import { pdfWorkerPort } from "./worker-port";

// pdf.js needs the browser (canvas, workers): the viewer and its code load on the client only. The download
// starts as soon as this module runs in the browser, before hydration reaches the viewer, and so does the pdf.js
// worker: the first page is on the critical path, and these two are most of it.
export const loadPdfViewer = () => import("./pdf-viewer");
if (typeof window !== "undefined") {
  pdfWorkerPort();
  void loadPdfViewer();
}

/**
 * Opens a PDF in pdf.js as soon as the viewer's code is here (see openPdf). `preparePage`, for a document the
 * reviewer is not looking at yet: page 1's fonts are loaded too, so its first draw does not wait for them.
 */
export function openPdfAhead(documentId: string, fileUrl: string, options: { preparePage?: boolean } = {}): void {
  loadPdfViewer()
    .then((viewer): Promise<unknown> => (options.preparePage ? viewer.preparePdf(documentId, fileUrl) : viewer.openPdf(documentId, fileUrl)))
    .catch(() => undefined); // the viewer shows what went wrong when it asks for the document itself
}
