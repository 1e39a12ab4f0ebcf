"use client";

import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import { pdfjs } from "react-pdf";
import { fetchDocumentFile } from "../file-cache";
import { markReviewPhase } from "../phase-marks";
import type { PageSize } from "./use-page-sizes";
import { pdfWorkerPort, pdfWorkerUrl } from "./worker-port";

// react-pdf reads the worker location from here when it has to start one itself (STACK-NOTES). It is the fallback:
// the worker itself was started earlier (see worker-port.ts).
pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl().toString();

/**
 * Passed explicitly, one worker outlives each document: pdf.js only ends workers it created itself, so moving
 * to the next document does not pay for a new worker.
 */
const workerPort = pdfWorkerPort();
const worker = workerPort ? pdfjs.PDFWorker.create({ port: workerPort }) : new pdfjs.PDFWorker();

/** An opened document and its page 1's size (the viewer lays out every slot from it before the rest are read). */
export type OpenedPdf = { pdf: PDFDocumentProxy; firstPage: PageSize };

type Entry = { promise: Promise<OpenedPdf>; value: OpenedPdf | null; users: number; destroy: () => void };

/**
 * Documents open but shown by no viewer: the next one, opened ahead, and the one the viewer last showed (going
 * back to it needs no new opening either).
 */
const MAX_UNUSED = 2;
const entries = new Map<string, Entry>();

function open(documentId: string, url: string): Entry {
  let closed = false;
  let loading: PDFDocumentLoadingTask | null = null;
  const promise = fetchDocumentFile(documentId, url).then(async (bytes) => {
    if (closed) throw new Error("The document was closed.");
    // pdf.js transfers the buffer it is given to its worker: it gets a copy, the file cache keeps the original.
    // (pdf.js 6 no longer compiles glyph paths with eval, so the console's CSP needs no `isEvalSupported: false`.)
    loading = pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), worker });
    const pdf = await loading.promise;
    markReviewPhase("pdf-opened", documentId);
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    return { pdf, firstPage: { width: viewport.width, height: viewport.height, rotate: page.rotate } };
  });
  const destroy = () => {
    closed = true;
    loading?.destroy().catch(() => undefined);
  };
  const entry: Entry = { promise, value: null, users: 0, destroy };
  promise.then(
    (value) => (entry.value = value),
    () => entries.get(documentId) === entry && entries.delete(documentId),
  );
  return entry;
}

/**
 * Opens a document's PDF now, outside React: called as soon as the workspace knows its document, so pdf.js's
 * worker reads the file while the page is still hydrating, and the viewer finds it open (with page 1's size) when
 * it mounts, instead of starting the chain of open → page 1 → draw one render at a time. Asking again is free.
 */
export function openPdf(documentId: string, url: string): Promise<OpenedPdf> {
  let entry = entries.get(documentId);
  if (!entry) {
    entry = open(documentId, url);
    entries.set(documentId, entry);
    dropUnused();
  }
  return entry.promise;
}

/**
 * Opens a document the reviewer is likely to look at next, and prepares its page 1: pdf.js reads the page's content
 * once, which loads its fonts (pdf.js keeps those for the whole document), so the first draw, when it comes, only
 * reads the page again. Not for the document on screen: there the draw itself does it, and doing it twice would
 * decode a scanned page's image twice.
 */
export function preparePdf(documentId: string, url: string): Promise<void> {
  return openPdf(documentId, url).then(async ({ pdf }) => {
    const page = await pdf.getPage(1);
    await page.getOperatorList();
  });
}

/** The opened document, if it is already open (the viewer's first render can use it at once). */
export function openedPdf(documentId: string): OpenedPdf | null {
  return entries.get(documentId)?.value ?? null;
}

/**
 * A viewer holds the document while it shows it; released, it stays open as one of the documents no viewer shows,
 * and is closed (its worker memory freed) once there are more of those than are worth keeping.
 */
export function holdPdf(documentId: string, url: string): { opened: Promise<OpenedPdf>; release: () => void } {
  const opened = openPdf(documentId, url);
  const entry = entries.get(documentId)!;
  entry.users += 1;
  return {
    opened,
    release: () => {
      entry.users -= 1;
      // A macrotask later: React's development double effects hold it again at once, and must find it open.
      setTimeout(() => {
        if (entry.users > 0 || entries.get(documentId) !== entry) return;
        // Last in the Map's order: the document just shown is the last one to be closed of those no viewer shows.
        entries.delete(documentId);
        entries.set(documentId, entry);
        dropUnused();
      }, 0);
    },
  };
}

/** Oldest first: closes documents opened ahead that no viewer took, beyond the few worth keeping. */
function dropUnused() {
  const unused = [...entries].filter(([, entry]) => entry.users === 0);
  for (const [documentId, entry] of unused.slice(0, Math.max(0, unused.length - MAX_UNUSED))) {
    entries.delete(documentId);
    entry.destroy();
  }
}
