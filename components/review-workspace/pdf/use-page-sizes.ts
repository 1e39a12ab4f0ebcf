"use client";

import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";

/** A page's size in PDF points as displayed (its own /Rotate applied), and that rotation. */
export type PageSize = { width: number; height: number; rotate: number };

/**
 * Every page's size, for slots that hold their place before the page renders. Page 1 is read first (or given,
 * read when the document was opened) and stands
 * in for the others (most documents have one page size); the rest are read afterwards, one at a time, when
 * `readAll` turns true (after the first page is on screen, so this never delays it).
 */
export function usePageSizes(pdf: PDFDocumentProxy | null, readAll: boolean, firstPage: PageSize | null = null): { sizes: ReadonlyMap<number, PageSize>; sizeOf: (page: number) => PageSize | null } {
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(new Map());

  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    const read = async (pageNumber: number) => {
      const page = await pdf.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height, rotate: page.rotate };
    };
    (async () => {
      const first = await read(1);
      if (cancelled) return;
      setSizes((current) => new Map(current).set(1, first));
      if (!readAll) return;
      // One update for all of them (every 25 pages on long documents): each update re-lays out every slot.
      let batch = new Map<number, PageSize>();
      for (let pageNumber = 2; pageNumber <= pdf.numPages && !cancelled; pageNumber++) {
        batch.set(pageNumber, await read(pageNumber));
        if (batch.size === 25 || pageNumber === pdf.numPages) {
          const done = batch;
          if (!cancelled) setSizes((current) => new Map([...current, ...done]));
          batch = new Map();
        }
      }
    })().catch(() => undefined); // a page that cannot be read keeps page 1's size; its own render shows the error
    return () => {
      cancelled = true;
    };
  }, [pdf, readAll]);

  const sizeOf = (page: number) => sizes.get(page) ?? sizes.get(1) ?? firstPage;
  return { sizes, sizeOf };
}
