"use client";

import "react-pdf/dist/Page/TextLayer.css";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorState, Spinner } from "@/components/ui";
import { rotateBox, turnedSize, type ScrollRequest, type SourceBox } from "../geometry";
import { engineWordsOfPage, textLayerWords, useEngineWords } from "../pick/page-words";
import type { PickWord, RowCell } from "../pick/phrases";
import type { PickProps } from "../pick/viewer-commands";
import { markReviewPhase } from "../phase-marks";
import { markFirstPagePainted } from "./first-paint";
import { PageThumbnails } from "./page-thumbnails";
import { PdfPage } from "./pdf-page";
import { scrollBoxIntoView, scrollToPage } from "./scroll";
import { useElementWidth } from "./use-element-width";
import { useFileBytes } from "./use-file-bytes";
import { usePageSizes } from "./use-page-sizes";
import { usePdfDocument } from "./use-pdf-document";
import { useVisiblePages } from "./use-visible-pages";
import { ViewerToolbar } from "./viewer-toolbar";

// In this chunk, so the workspace can open its document the moment the chunk is loaded (document-viewer.tsx).
export { openPdf, preparePdf } from "./open-pdf";

const PAGE_GAP_PX = 12;
const PADDING_PX = 16;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const ZOOM_STEP = 1.25;

type Zoom = { fit: true } | { fit: false; scale: number };

export type PdfViewerProps = PickProps & {
  parserId: string;
  documentId: string;
  fileUrl: string;
  highlight: SourceBox | null;
  /** Set anew each time the reviewer points at a value (a new object each time, even for the same box). */
  scrollRequest: ScrollRequest | null;
  onFirstPagePainted: () => void;
  /** The file could not be loaded or opened: what covers the viewer until its first page (the preview) must go. */
  onUnavailable?: () => void;
};

/** The PDF: thumbnails, zoom, fit-width and rotation; pages render lazily, near the viewport only. */
export default function PdfViewer(props: PdfViewerProps) {
  const { parserId, documentId, fileUrl, highlight, scrollRequest, pickLabel, onPick, onPickRow, onStopPicking, onKeyboardPickDone, commandsRef, onFirstPagePainted, onUnavailable } = props;
  const file = useFileBytes(documentId, fileUrl);
  const opened = usePdfDocument(documentId, fileUrl);
  const pdf: PDFDocumentProxy | null = opened.status === "ready" ? opened.opened.pdf : null;
  const [firstPainted, setFirstPainted] = useState(false);
  const [zoom, setZoom] = useState<Zoom>({ fit: true });
  const [rotation, setRotation] = useState(0);
  // The scrolling pane is created once the PDF opens: held in state, so the hooks below see it when it appears.
  const [pane, setPane] = useState<HTMLDivElement | null>(null);
  const paneWidth = useElementWidth(pane);
  const { sizeOf } = usePageSizes(pdf, firstPainted, opened.status === "ready" ? opened.opened.firstPage : null);
  const { near, current, registerSlot, slotOf } = useVisiblePages(pane, { enabled: pdf !== null });

  const firstSize = sizeOf(1);
  // The observed width is the pane's content box: its padding and scrollbar are already taken off.
  const fitScale = firstSize && paneWidth > 0 ? Math.max(MIN_SCALE, paneWidth / turnedSize(firstSize, rotation).width) : 1;
  const scale = zoom.fit ? fitScale : zoom.scale;
  const pageCount = pdf?.numPages ?? 0;

  // Pages near the top render together: whichever finishes first is "the first page", once. What follows it (the
  // other pages, text layers, thumbnails: a render of every slot) waits until that frame is on screen: started
  // at once, it held up the very paint that shows the page.
  const firstPaintSeen = useRef(false);
  const onRendered = useCallback(() => {
    if (firstPaintSeen.current) return;
    firstPaintSeen.current = true;
    markReviewPhase("page-drawn", documentId);
    markFirstPagePainted(documentId, () => {
      setFirstPainted(true);
      onFirstPagePainted();
    });
  }, [documentId, onFirstPagePainted]);

  // A value the reviewer just pointed at: scroll its page (and the box on it) into view, unless it is in view.
  useEffect(() => {
    const slot = scrollRequest ? slotOf(scrollRequest.source.page) : null;
    if (!pane || !slot || !scrollRequest) return;
    scrollBoxIntoView(pane, slot, rotateBox(scrollRequest.source, rotation));
  }, [scrollRequest, pane, rotation, slotOf]);

  const failed = file.status === "error" || opened.status === "error";
  useEffect(() => {
    if (failed) onUnavailable?.();
  }, [failed, onUnavailable]);

  const zoomBy = (factor: number) => setZoom({ fit: false, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor)) });
  const pickHint = pickLabel ? `Click a phrase (Alt: one word, Shift: extend) or drag a box on the page to fill “${pickLabel}”.` : null;

  // Scanned pages have no text layer: their words come from the engine's page model, asked for only once a page
  // turns out to have no text (server actions run one at a time: a needless load would hold up saves).
  const [scanned, setScanned] = useState(false);
  const onNoText = useCallback(() => setScanned(true), []);
  const engineWords = useEngineWords(parserId, documentId, scanned);
  const wordsOf = useCallback(
    (pageNumber: number, slot: HTMLElement): PickWord[] => {
      const fromTextLayer = textLayerWords(slot);
      return fromTextLayer.length > 0 ? fromTextLayer : engineWordsOfPage(engineWords, pageNumber, rotation);
    },
    [engineWords, rotation],
  );
  const onPickRowOnPage = useCallback((pageNumber: number, cells: RowCell[]) => onPickRow({ page: pageNumber, rotation, cells }), [onPickRow, rotation]);

  // Keyboard picking runs on one page: the focused value's source page, else the page in view.
  const [keyboardPickPage, setKeyboardPickPage] = useState<number | null>(null);
  // Enter ends the pick and then the picker loses focus (which ends it too): only the first end counts.
  const keyboardPicking = useRef(false);
  const endKeyboardPick = useCallback(() => {
    if (!keyboardPicking.current) return;
    keyboardPicking.current = false;
    setKeyboardPickPage(null);
    onKeyboardPickDone();
  }, [onKeyboardPickDone]);
  // The page whose top is nearest the top of what is on screen, read from the page itself: where the pane is not
  // the one that scrolls, the observed `current` page cannot follow.
  const pageInView = (): number => {
    const viewTop = Math.max(0, pane?.getBoundingClientRect().top ?? 0);
    let best = current;
    let distance = Number.POSITIVE_INFINITY;
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      const top = slotOf(pageNumber)?.getBoundingClientRect().top;
      if (top === undefined || Math.abs(top - viewTop) >= distance) continue;
      distance = Math.abs(top - viewTop);
      best = pageNumber;
    }
    return best;
  };
  const goToPage = (pageNumber: number): boolean => {
    const slot = pageNumber >= 1 && pageNumber <= pageCount ? slotOf(pageNumber) : null;
    if (!pane || !slot) return false;
    scrollToPage(pane, slot);
    // Where the pages pane is not the one that scrolls (its height follows the layout), the page is brought into view
    // by whichever ancestor does.
    if (!pageTopInView(slot, pane)) slot.scrollIntoView({ block: "start" });
    return true;
  };
  useEffect(() => {
    commandsRef.current = {
      zoomIn: () => (zoomBy(ZOOM_STEP), true),
      zoomOut: () => (zoomBy(1 / ZOOM_STEP), true),
      nextPage: () => goToPage(pageInView() + 1),
      previousPage: () => goToPage(pageInView() - 1),
      pickFromPage: () => {
        if (!pickLabel || pageCount === 0) return false;
        const page = highlight && highlight.page <= pageCount ? highlight.page : current;
        if (page !== current) goToPage(page);
        keyboardPicking.current = true;
        setKeyboardPickPage(page);
        return true;
      },
    };
    return () => {
      commandsRef.current = null;
    };
  });

  if (file.status === "error") return <ErrorState title="The document could not be shown" message={file.message} />;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ViewerToolbar
        zoomPercent={Math.round(scale * 100)}
        fitWidth={zoom.fit}
        currentPage={current}
        pageCount={pageCount}
        pickHint={pickHint}
        onStopPicking={onStopPicking}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onFitWidth={() => setZoom({ fit: true })}
        onRotate={() => setRotation((degrees) => (degrees + 90) % 360)}
        onPickFromPage={pickLabel ? () => commandsRef.current?.pickFromPage() : null}
      />
      {opened.status === "error" ? (
        <ErrorState title="The PDF could not be opened" message="The file may be damaged or not a PDF." />
      ) : pdf ? (
        <div className="flex min-h-0 flex-1">
          <PageThumbnails
            pdf={pdf}
            pageCount={pageCount}
            currentPage={current}
            enabled={firstPainted}
            rotate={(pageNumber) => ((sizeOf(pageNumber)?.rotate ?? 0) + rotation) % 360}
            aspectOf={(pageNumber) => {
              const size = sizeOf(pageNumber);
              if (!size) return 1.414;
              const turned = turnedSize(size, rotation);
              return turned.height / turned.width;
            }}
            onSelect={(pageNumber) => {
              const slot = slotOf(pageNumber);
              if (pane && slot) scrollToPage(pane, slot);
            }}
          />
          <PagesColumn
            pdf={pdf}
            paneRef={setPane}
            pageCount={pageCount}
            scale={scale}
            rotation={rotation}
            near={near}
            sizeOf={sizeOf}
            highlight={highlight}
            pickLabel={pickLabel}
            wordsOf={wordsOf}
            onPick={onPick}
            onPickRow={onPickRowOnPage}
            keyboardPickPage={keyboardPickPage}
            onKeyboardPickDone={endKeyboardPick}
            onNoText={onNoText}
            onRendered={onRendered}
            registerSlot={registerSlot}
            firstPainted={firstPainted}
            sized={!zoom.fit || paneWidth > 0}
          />
        </div>
      ) : (
        <ViewerMessage>{file.status === "ready" ? "Opening the document…" : "Loading the document…"}</ViewerMessage>
      )}
    </div>
  );
}

/** Whether the top of a page slot is on screen within the pane. */
function pageTopInView(slot: HTMLElement, pane: HTMLElement): boolean {
  const top = slot.getBoundingClientRect().top;
  const view = pane.getBoundingClientRect();
  return top >= Math.max(0, view.top) - 16 && top <= Math.min(window.innerHeight, view.bottom) - 40;
}

function ViewerMessage({ children }: { children: string }) {
  return (
    <div className="flex h-full items-center justify-center gap-2 p-8 text-sm text-muted">
      <Spinner label={null} size="sm" />
      {children}
    </div>
  );
}

function PagesColumn(props: {
  pdf: PDFDocumentProxy;
  paneRef: (element: HTMLDivElement | null) => void;
  pageCount: number;
  scale: number;
  rotation: number;
  near: ReadonlySet<number>;
  sizeOf: (pageNumber: number) => { width: number; height: number; rotate: number } | null;
  highlight: SourceBox | null;
  pickLabel: string | null;
  wordsOf: (pageNumber: number, slot: HTMLElement) => PickWord[];
  onPick: (text: string) => void;
  onPickRow: (pageNumber: number, cells: RowCell[]) => boolean;
  keyboardPickPage: number | null;
  onKeyboardPickDone: () => void;
  onNoText: () => void;
  onRendered: () => void;
  registerSlot: (pageNumber: number, element: HTMLElement | null) => void;
  /** Whether the document's first page is on screen yet. */
  firstPainted: boolean;
  /** Whether the scale is known (fit-width needs the pane's width): a page drawn before is drawn twice. */
  sized: boolean;
}) {
  const { pdf, sized, paneRef, pageCount, scale, rotation, near, sizeOf, highlight, pickLabel, wordsOf, onPick, onPickRow, keyboardPickPage, onKeyboardPickDone, onNoText, onRendered, registerSlot, firstPainted } = props;
  // Until the first page is on screen it is the only one drawn, and without its text layer: pdf.js's worker does one
  // thing at a time, and the pages below it (two or three are near the viewport) and the text would each take a
  // turn before it. The others, and every text layer, follow the moment it is painted.
  const firstNear = Math.min(...near);
  return (
    <div
      ref={paneRef}
      tabIndex={0}
      aria-label="Document pages"
      role="region"
      className="min-w-0 flex-1 overflow-auto bg-subtle focus-visible:outline-offset-[-2px]"
      style={{ padding: PADDING_PX }}
    >
      <div className="flex w-max min-w-full flex-col items-center" style={{ gap: PAGE_GAP_PX }}>
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((pageNumber) => {
          const size = sizeOf(pageNumber);
          if (!size) return null;
          const turned = turnedSize(size, rotation);
          return (
            <PdfPage
              key={pageNumber}
              pdf={pdf}
              pageNumber={pageNumber}
              pageCount={pageCount}
              width={Math.floor(turned.width * scale)}
              height={Math.floor(turned.height * scale)}
              scale={scale}
              rotate={(size.rotate + rotation) % 360}
              render={sized && near.has(pageNumber) && (firstPainted || pageNumber === firstNear)}
              textLayer={firstPainted}
              highlight={highlight?.page === pageNumber ? rotateBox(highlight, rotation) : null}
              pickLabel={pickLabel}
              wordsOf={wordsOf}
              onPick={onPick}
              onPickRow={onPickRow}
              keyboardPick={keyboardPickPage === pageNumber}
              onKeyboardPickDone={onKeyboardPickDone}
              onNoText={onNoText}
              onRendered={onRendered}
              registerSlot={registerSlot}
            />
          );
        })}
      </div>
    </div>
  );
}
