"use client";

import type { PDFDocumentProxy } from "pdfjs-dist";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Page } from "react-pdf";
import { cn } from "@/lib/utils/cn";
import { boxStyle, type Box } from "../geometry";
import { KeyboardPick } from "../pick/keyboard-pick";
import type { PickWord, RowCell } from "../pick/phrases";
import { RectOverlay } from "../pick/rect-overlay";
import { usePagePick } from "../pick/use-page-pick";

export type PdfPageProps = {
  /** The open document (passed, not read from react-pdf's <Document>: the viewer opens it itself, ahead). */
  pdf: PDFDocumentProxy;
  pageNumber: number;
  pageCount: number;
  /** The slot's size in CSS pixels, as the page will render at this scale and rotation. */
  width: number;
  height: number;
  scale: number;
  /** Absolute rotation for pdf.js: the page's own /Rotate plus the reviewer's turns. */
  rotate: number;
  /** Render the page now (it is near the viewport); otherwise the slot only holds its place. */
  render: boolean;
  /** Draw the text layer too (off for the very first page until its canvas is up: see PagesColumn). */
  textLayer: boolean;
  /** The value's source box on this page, already turned with the page. */
  highlight: Box | null;
  /** The value picks fill, or null when picking is off. */
  pickLabel: string | null;
  /** The words of this page in slot fractions (the text layer, else the engine's words). */
  wordsOf: (pageNumber: number, slot: HTMLElement) => PickWord[];
  onPick: (text: string) => void;
  onPickRow: (pageNumber: number, cells: RowCell[]) => boolean;
  /** Picking with the keyboard on this page now. */
  keyboardPick: boolean;
  onKeyboardPickDone: () => void;
  /** Called each time the page finishes drawing (the viewer counts the first one of the document). */
  onRendered: () => void;
  /** The page's text layer came out empty (a scan): picking needs the engine's words. */
  onNoText: () => void;
  registerSlot: (pageNumber: number, element: HTMLElement | null) => void;
};

// Sharper than 1× on high-density screens, but not 3×: a 50-page review should not cost 9× the pixels.
const devicePixelRatio = typeof window === "undefined" ? 1 : Math.min(2, window.devicePixelRatio || 1);

/** One page: a slot of the page's size that renders its canvas and text layer only while near the viewport. */
export const PdfPage = memo(function PdfPage(props: PdfPageProps) {
  const { pdf, pageNumber, pageCount, width, height, scale, rotate, render, textLayer, highlight, pickLabel, wordsOf, onPick, onPickRow, keyboardPick, onKeyboardPickDone, onRendered, onNoText, registerSlot } = props;
  // Held in state (not a ref) so the keyboard picker, which reads the page's words, renders once the slot exists.
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const pick = usePagePick({
    enabled: pickLabel !== null,
    wordsOf: (element) => wordsOf(pageNumber, element),
    onPick,
    onPickRow: (cells) => onPickRow(pageNumber, cells),
  });
  const slotRef = useCallback(
    (element: HTMLDivElement | null) => {
      setSlot(element);
      registerSlot(pageNumber, element);
    },
    [pageNumber, registerSlot],
  );
  // Counts text layers drawn, so the keyboard picker reads the words again once the page's text is there.
  const [textLayers, setTextLayers] = useState(0);
  // react-pdf draws the text layer again whenever its success callback changes identity, and this callback sets
  // state: an inline arrow would redraw the layer after every draw, for ever (its spans never stay put to be
  // clicked). So the callback is stable and reads the latest slot and handler through a ref.
  const latest = useRef({ slot, onNoText });
  useEffect(() => {
    latest.current = { slot, onNoText };
  }, [slot, onNoText]);
  const onTextLayerDrawn = useCallback(() => {
    setTextLayers((count) => count + 1);
    const { slot: element, onNoText: noText } = latest.current;
    if (element && !element.querySelector(".textLayer")?.textContent?.trim()) noText();
  }, []);
  const keyboardWords = useMemo(
    () => (keyboardPick && slot && textLayers >= 0 ? wordsOf(pageNumber, slot) : []),
    [keyboardPick, slot, wordsOf, pageNumber, textLayers],
  );
  return (
    <div
      ref={slotRef}
      data-page-number={pageNumber}
      role="group"
      aria-label={`Page ${pageNumber} of ${pageCount}`}
      style={{ width, height }}
      className={cn("relative mx-auto shrink-0 overflow-hidden bg-surface shadow-sm ring-1 ring-line", pickLabel !== null && "cursor-crosshair select-none [&_.textLayer_span]:cursor-crosshair")}
      {...pick.handlers}
    >
      {render ? (
        <Page
          pdf={pdf}
          suspense={false}
          pageNumber={pageNumber}
          scale={scale}
          rotate={rotate}
          devicePixelRatio={devicePixelRatio}
          renderAnnotationLayer={false}
          renderTextLayer={textLayer}
          loading={null}
          error={<p className="p-4 text-sm text-danger">Page {pageNumber} could not be shown.</p>}
          onRenderSuccess={onRendered}
          // A page that cannot be drawn is done too: its error shows, and the pages held back behind it follow.
          onRenderError={onRendered}
          onLoadError={onRendered}
          onRenderTextLayerSuccess={onTextLayerDrawn}
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-xs text-muted">Page {pageNumber}</span>
      )}
      {highlight ? (
        <div aria-hidden="true" data-testid="source-highlight" className="pointer-events-none absolute z-10 -m-0.5 rounded-sm border-2 border-accent bg-accent/15 p-0.5" style={boxStyle(highlight)} />
      ) : null}
      {pick.picked ? <RectOverlay rect={pick.picked.rect} className="z-10 rounded-sm border border-accent/70" testId="picked-words" /> : null}
      {pick.dragging ? <RectOverlay rect={pick.dragging} className="z-20 border border-dashed border-accent bg-accent/10" /> : null}
      {keyboardPick && pickLabel && slot ? (
        <KeyboardPick
          words={keyboardWords}
          near={highlight ? { left: highlight.x, top: highlight.y, right: highlight.x + highlight.w, bottom: highlight.y + highlight.h } : null}
          targetLabel={pickLabel}
          onPick={onPick}
          onDone={onKeyboardPickDone}
        />
      ) : null}
    </div>
  );
});
