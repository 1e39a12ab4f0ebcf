"use client";

import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useState } from "react";
import { Page } from "react-pdf";
import { cn } from "@/lib/utils/cn";
import { useVisiblePages } from "./use-visible-pages";

const THUMBNAIL_WIDTH = 64;

type ThumbnailProps = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  current: boolean;
  render: boolean;
  rotate: number;
  aspect: number;
  onSelect: (pageNumber: number) => void;
  registerSlot: (pageNumber: number, element: HTMLElement | null) => void;
};

function Thumbnail({ pdf, pageNumber, current, render, rotate, aspect, onSelect, registerSlot }: ThumbnailProps) {
  const slotRef = useCallback((element: HTMLLIElement | null) => registerSlot(pageNumber, element), [pageNumber, registerSlot]);
  return (
    <li ref={slotRef} data-page-number={pageNumber}>
      <button
        type="button"
        onClick={() => onSelect(pageNumber)}
        aria-label={`Page ${pageNumber}`}
        aria-current={current ? "page" : undefined}
        className={cn("flex cursor-pointer flex-col items-center gap-1 rounded-md p-1 text-xs text-muted hover:bg-surface", current && "bg-surface text-ink ring-2 ring-accent")}
      >
        <span className="block overflow-hidden bg-surface ring-1 ring-line" style={{ width: THUMBNAIL_WIDTH, height: Math.round(THUMBNAIL_WIDTH * aspect) }}>
          {render ? <Page pdf={pdf} suspense={false} pageNumber={pageNumber} width={THUMBNAIL_WIDTH} rotate={rotate} renderTextLayer={false} renderAnnotationLayer={false} loading={null} devicePixelRatio={1} /> : null}
        </span>
        <span aria-hidden="true">{pageNumber}</span>
      </button>
    </li>
  );
}

/**
 * The strip of page thumbnails; a thumbnail renders only while it is near the strip's visible part, and the
 * strip starts rendering only once the first page is on screen (it must not compete with it).
 */
export function PageThumbnails({ pdf, pageCount, currentPage, rotate, aspectOf, enabled, onSelect }: {
  pdf: PDFDocumentProxy;
  pageCount: number;
  currentPage: number;
  rotate: (pageNumber: number) => number;
  /** Height ÷ width of a page as displayed. */
  aspectOf: (pageNumber: number) => number;
  enabled: boolean;
  onSelect: (pageNumber: number) => void;
}) {
  const [strip, setStrip] = useState<HTMLElement | null>(null);
  const { near, registerSlot } = useVisiblePages(strip, { enabled, ahead: "50% 0px" });
  return (
    <nav ref={setStrip} aria-label="Pages" className="hidden w-24 shrink-0 overflow-y-auto border-r border-line bg-subtle p-2 md:block">
      <ol className="flex flex-col items-center gap-2">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((pageNumber) => (
          <Thumbnail
            key={pageNumber}
            pdf={pdf}
            pageNumber={pageNumber}
            current={pageNumber === currentPage}
            render={enabled && near.has(pageNumber)}
            rotate={rotate(pageNumber)}
            aspect={aspectOf(pageNumber)}
            onSelect={onSelect}
            registerSlot={registerSlot}
          />
        ))}
      </ol>
    </nav>
  );
}
