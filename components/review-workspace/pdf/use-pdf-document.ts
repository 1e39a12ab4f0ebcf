"use client";

import { useEffect, useState } from "react";
import { holdPdf, openedPdf, type OpenedPdf } from "./open-pdf";

export type PdfDocumentState = { status: "loading" } | { status: "ready"; opened: OpenedPdf } | { status: "error" };

/**
 * The document's PDF, opened by pdf.js (usually ahead of the viewer: see openPdf), held while the viewer shows it
 * and closed when it moves on. Already open, it is there at the first render.
 */
export function usePdfDocument(documentId: string, url: string): PdfDocumentState {
  const [settled, setSettled] = useState<{ documentId: string; state: PdfDocumentState } | null>(null);
  useEffect(() => {
    let current = true;
    const held = holdPdf(documentId, url);
    held.opened.then(
      (opened) => current && setSettled({ documentId, state: { status: "ready", opened } }),
      () => current && setSettled({ documentId, state: { status: "error" } }),
    );
    return () => {
      current = false;
      held.release();
    };
  }, [documentId, url]);
  if (settled?.documentId === documentId) return settled.state;
  const opened = openedPdf(documentId);
  return opened ? { status: "ready", opened } : { status: "loading" };
}
