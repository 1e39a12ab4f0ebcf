"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ErrorState } from "@/components/ui";
import { cn } from "@/lib/utils/cn";
import { boxStyle, rotateBox, turnedSize, type Box, type ScrollRequest, type SourceBox } from "./geometry";
import { markFirstPagePainted } from "./pdf/first-paint";
import { useElementSize } from "./pdf/use-element-width";
import { ViewerToolbar } from "./pdf/viewer-toolbar";
import { KeyboardPick } from "./pick/keyboard-pick";
import { engineWordsOfPage, useEngineWords } from "./pick/page-words";
import { RectOverlay } from "./pick/rect-overlay";
import { usePagePick } from "./pick/use-page-pick";
import type { PickProps } from "./pick/viewer-commands";

const MIN_SCALE = 0.1;
const MAX_SCALE = 6;
const ZOOM_STEP = 1.25;

type Zoom = { fit: "width" | "page" } | { fit: false; scale: number };
/** A value's source is zoomed until a line of it is about this tall on screen. */
const READABLE_LINE_PX = 22;

/**
 * An image document (a receipt, a photo, a scan): one page, with zoom, fit-width, fit-page and rotation like a
 * PDF, the source overlay, and picking values off it from the words the engine's OCR read (GET …/words). It opens
 * fitted to the pane (a whole receipt on screen); pointing at a value scrolls to its source and zooms in until it
 * can be read.
 */
export function ImageViewer(props: PickProps & {
  parserId: string;
  documentId: string;
  fileUrl: string;
  name: string;
  highlight: SourceBox | null;
  scrollRequest: ScrollRequest | null;
  onFirstPagePainted: () => void;
}) {
  const { parserId, documentId, fileUrl, name, highlight, scrollRequest, onFirstPagePainted, pickLabel, onPick, onPickRow, onStopPicking, onKeyboardPickDone, commandsRef } = props;
  const [failed, setFailed] = useState(false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [zoom, setZoom] = useState<Zoom>({ fit: "page" });
  const [rotation, setRotation] = useState(0);
  const [pane, setPane] = useState<HTMLDivElement | null>(null);
  const paneSize = useElementSize(pane);
  const turned = natural ? turnedSize(natural, rotation) : null;
  const fitWidthScale = turned && paneSize.width > 0 ? Math.max(MIN_SCALE, Math.min(1.5, paneSize.width / turned.width)) : 1;
  const fitPageScale = turned && paneSize.height > 0 ? Math.max(MIN_SCALE, Math.min(fitWidthScale, paneSize.height / turned.height)) : fitWidthScale;
  const scale = zoom.fit === false ? zoom.scale : zoom.fit === "width" ? fitWidthScale : fitPageScale;
  const zoomBy = (factor: number) => setZoom({ fit: false, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor)) });

  // The server's HTML carries the image: it may have loaded before React hydrated, when `onLoad` never fires; the
  // ref sees such an image complete.
  const loadedOnce = useRef(false);
  const onImageLoaded = useCallback(
    (image: HTMLImageElement) => {
      if (loadedOnce.current || !image.naturalWidth) return;
      loadedOnce.current = true;
      setNatural({ width: image.naturalWidth, height: image.naturalHeight || 1 });
      markFirstPagePainted(documentId, onFirstPagePainted);
    },
    [documentId, onFirstPagePainted],
  );
  const imageRef = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete) onImageLoaded(image);
    },
    [onImageLoaded],
  );
  // Pointing at a value: zoom in (when asked) until its source reads, then centre it in the pane once laid out.
  const groupRef = useRef<HTMLDivElement>(null);
  const [centreOn, setCentreOn] = useState<{ box: Box; request: ScrollRequest } | null>(null);
  // Handled while rendering (React's "adjust state on a prop change"), once the image's size is known: only a new
  // request moves the view, so zooming by hand afterwards is not undone.
  const [handledRequest, setHandledRequest] = useState<ScrollRequest | null>(null);
  if (scrollRequest !== handledRequest && turned) {
    setHandledRequest(scrollRequest);
    if (scrollRequest && scrollRequest.source.page === 1) {
      const box = rotateBox(scrollRequest.source, rotation);
      if (scrollRequest.zoom) {
        const lineHeight = Math.max(box.h * turned.height, 1);
        const readable = Math.min(MAX_SCALE, Math.max(fitWidthScale, READABLE_LINE_PX / lineHeight));
        if (readable > scale * 1.05) setZoom({ fit: false, scale: readable });
      }
      setCentreOn({ box, request: scrollRequest });
    }
  }
  // Once per request, in the commit that lays out its zoom (zooming by hand afterwards does not pull the view back).
  const centred = useRef<typeof centreOn>(null);
  useLayoutEffect(() => {
    const group = groupRef.current;
    if (!centreOn || !pane || !group || centred.current === centreOn) return;
    centred.current = centreOn;
    const paneRect = pane.getBoundingClientRect();
    const groupRect = group.getBoundingClientRect();
    const { box } = centreOn;
    pane.scrollTo({
      left: groupRect.left - paneRect.left + pane.scrollLeft + (box.x + box.w / 2) * groupRect.width - pane.clientWidth / 2,
      top: groupRect.top - paneRect.top + pane.scrollTop + (box.y + box.h / 2) * groupRect.height - pane.clientHeight / 2,
    });
  }, [centreOn, pane]);

  const engineWords = useEngineWords(parserId, documentId, natural !== null);
  const words = useMemo(() => engineWordsOfPage(engineWords, 1, rotation), [engineWords, rotation]);
  const pick = usePagePick({
    enabled: pickLabel !== null,
    wordsOf: () => words,
    onPick,
    onPickRow: (cells) => onPickRow({ page: 1, rotation, cells }),
  });

  const [keyboardPick, setKeyboardPick] = useState(false);
  const keyboardPicking = useRef(false);
  const endKeyboardPick = useCallback(() => {
    if (!keyboardPicking.current) return;
    keyboardPicking.current = false;
    setKeyboardPick(false);
    onKeyboardPickDone();
  }, [onKeyboardPickDone]);
  const startKeyboardPick = () => {
    if (!pickLabel || !natural) return false;
    keyboardPicking.current = true;
    setKeyboardPick(true);
    return true;
  };
  useEffect(() => {
    commandsRef.current = {
      zoomIn: () => (zoomBy(ZOOM_STEP), true),
      zoomOut: () => (zoomBy(1 / ZOOM_STEP), true),
      nextPage: () => false,
      previousPage: () => false,
      pickFromPage: startKeyboardPick,
    };
    return () => {
      commandsRef.current = null;
    };
  });

  if (failed) return <ErrorState title="The image could not be shown" message="The file could not be loaded; reload the page to try again." />;
  const turnedHighlight = highlight && highlight.page === 1 ? rotateBox(highlight, rotation) : null;
  const hasWords = words.length > 0;
  const pickHint = pickLabel
    ? hasWords || engineWords === null
      ? `Click a phrase (Alt: one word, Shift: extend) or drag a box on the image to fill “${pickLabel}”.`
      : `No text was read on this image: type “${pickLabel}”.`
    : null;
  const image = (
    // eslint-disable-next-line @next/next/no-img-element -- a signed, private file: nothing for the image optimiser to do
    <img
      src={fileUrl}
      alt={`Page 1 of ${name}`}
      draggable={false}
      className={cn("block", natural ? "absolute top-1/2 left-1/2 max-w-none" : "max-w-full")}
      style={natural ? { width: natural.width * scale, height: natural.height * scale, transform: `translate(-50%, -50%) rotate(${rotation}deg)` } : undefined}
      ref={imageRef}
      onLoad={(event) => onImageLoaded(event.currentTarget)}
      onError={() => setFailed(true)}
    />
  );

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ViewerToolbar
        zoomPercent={natural ? Math.round(scale * 100) : null}
        fitWidth={zoom.fit === "width"}
        fitPage={zoom.fit === "page"}
        onFitPage={() => setZoom({ fit: "page" })}
        currentPage={1}
        pageCount={1}
        pickHint={pickHint}
        onStopPicking={onStopPicking}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onFitWidth={() => setZoom({ fit: "width" })}
        onRotate={() => setRotation((degrees) => (degrees + 90) % 360)}
        onPickFromPage={pickLabel && hasWords ? startKeyboardPick : null}
      />
      <div ref={setPane} tabIndex={0} role="region" aria-label="Document image" className="min-h-0 flex-1 overflow-auto bg-subtle p-4 focus-visible:outline-offset-[-2px]">
        {/* One element before and after the image's size is known, so the image is not loaded twice. */}
        <div
          ref={groupRef}
          role="group"
          aria-label="Page 1 of 1"
          className={cn("relative mx-auto shrink-0 overflow-hidden shadow-sm ring-1 ring-line", !turned && "w-fit", pickLabel !== null && turned && "cursor-crosshair select-none")}
          style={turned ? { width: Math.round(turned.width * scale), height: Math.round(turned.height * scale) } : undefined}
          {...(turned ? pick.handlers : {})}
        >
          {image}
          {turnedHighlight ? <div aria-hidden="true" data-testid="source-highlight" className="pointer-events-none absolute z-10 rounded-sm border-2 border-accent bg-accent/15" style={boxStyle(turnedHighlight)} /> : null}
          {pick.picked ? <RectOverlay rect={pick.picked.rect} className="z-10 rounded-sm border border-accent/70" testId="picked-words" /> : null}
          {pick.dragging ? <RectOverlay rect={pick.dragging} className="z-20 border border-dashed border-accent bg-accent/10" /> : null}
          {keyboardPick && pickLabel ? (
            <KeyboardPick
              words={words}
              near={turnedHighlight ? { left: turnedHighlight.x, top: turnedHighlight.y, right: turnedHighlight.x + turnedHighlight.w, bottom: turnedHighlight.y + turnedHighlight.h } : null}
              targetLabel={pickLabel}
              onPick={onPick}
              onDone={endKeyboardPick}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
