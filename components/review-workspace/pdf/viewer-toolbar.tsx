"use client";

import { Button } from "@/components/ui";

const icon = "size-4";

/** Zoom, fit-width (and fit-page for images) and rotation of the page view, and where the reader is in the document. */
export function ViewerToolbar({ zoomPercent, fitWidth, fitPage = false, currentPage, pageCount, pickHint, onStopPicking, onZoomIn, onZoomOut, onFitWidth, onFitPage, onRotate, onPickFromPage = null }: {
  /** Null while the page's size is not known yet (the first-page preview's copy of this bar). */
  zoomPercent: number | null;
  fitWidth: boolean;
  /** Whether the page is fitted whole into the pane (images offer it; absent: no "Fit page" button). */
  fitPage?: boolean;
  onFitPage?: () => void;
  currentPage: number;
  pageCount: number;
  /** What a click on the page does now (which field it fills), or null when picking is off. */
  pickHint: string | null;
  onStopPicking: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  onRotate: () => void;
  /** Starts picking from the page with the keyboard (null: nothing to fill, or no words to pick). */
  onPickFromPage?: (() => void) | null;
}) {
  return (
    <div role="toolbar" aria-label="Page view" className="flex flex-wrap items-center gap-1 border-b border-line bg-surface px-2 py-1.5">
      <Button variant="ghost" size="sm" onClick={onZoomOut} aria-label="Zoom out">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={icon}>
          <path d="M4 8h8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </Button>
      <output aria-label="Zoom" className="w-12 text-center text-xs tabular-nums text-muted">
        {zoomPercent === null ? "–" : `${zoomPercent}%`}
      </output>
      <Button variant="ghost" size="sm" onClick={onZoomIn} aria-label="Zoom in">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={icon}>
          <path d="M4 8h8M8 4v8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </Button>
      <Button variant={fitWidth ? "secondary" : "ghost"} size="sm" onClick={onFitWidth} aria-pressed={fitWidth}>
        Fit width
      </Button>
      {onFitPage ? (
        <Button variant={fitPage ? "secondary" : "ghost"} size="sm" onClick={onFitPage} aria-pressed={fitPage}>
          Fit page
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onRotate} aria-label="Rotate pages clockwise">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={icon}>
          <path d="M12.5 8A4.5 4.5 0 1 1 8 3.5h3.5M9.5 1.5l2 2-2 2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <span className="ml-auto text-xs text-muted tabular-nums">
        Page {currentPage} of {pageCount || "…"}
      </span>
      {pickHint ? (
        <p className="flex w-full items-center gap-2 text-xs text-accent">
          {pickHint}
          {onPickFromPage ? (
            <Button variant="ghost" size="sm" onClick={onPickFromPage}>
              Pick with keys
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onStopPicking}>
            Stop
          </Button>
        </p>
      ) : null}
    </div>
  );
}
