import { boxStyle, type SourceBox } from "../geometry";
import { ViewerToolbar } from "./viewer-toolbar";

/** Element Timing identifier of the preview image: `npm run bench:console` reads when it was painted. */
export const PREVIEW_ELEMENT_TIMING = "review-workspace-preview";

const noop = () => undefined;

/**
 * The first page as the image the server drew while processing (issue 6): part of the server-rendered HTML, so it
 * is on screen before hydration, before pdf.js and its viewer have loaded. It copies the viewer's frame (toolbar,
 * page strip, padded page column, page 1 fitted to the width), so the canvas that replaces it lands on the same
 * place at the same size. Only a look: the toolbar is inert, and picking waits for the real page.
 */
export function FirstPagePreview({ src, name, pageCount, highlight }: { src: string; name: string; pageCount: number; highlight: SourceBox | null }) {
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="first-page-preview">
      <div inert aria-hidden="true">
        <ViewerToolbar zoomPercent={null} fitWidth currentPage={1} pageCount={pageCount} pickHint={null} onStopPicking={noop} onZoomIn={noop} onZoomOut={noop} onFitWidth={noop} onRotate={noop} />
      </div>
      <div className="flex min-h-0 flex-1">
        {/* The page strip's place (PageThumbnails), empty until the viewer fills it. */}
        <div aria-hidden="true" className="hidden w-24 shrink-0 border-r border-line bg-subtle md:block" />
        {/* Same padding as the viewer's page column; a scrollbar whenever the real column will have one. A region
            that scrolls must be reachable with the keyboard (on a phone the page is taller than the pane). */}
        <div tabIndex={0} role="region" aria-label="Page 1 preview" className="min-w-0 flex-1 bg-subtle" style={{ padding: 16, overflowY: pageCount > 1 ? "scroll" : "auto" }}>
          <div className="relative bg-surface shadow-sm ring-1 ring-line">
            {/* eslint-disable-next-line @next/next/no-img-element -- a signed, private file: nothing for the image optimiser to do */}
            <img src={src} alt={`Page 1 of ${name}`} className="block h-auto w-full" fetchPriority="high" decoding="async" {...{ elementtiming: PREVIEW_ELEMENT_TIMING }} />
            {highlight && highlight.page === 1 ? (
              <div aria-hidden="true" className="pointer-events-none absolute -m-0.5 rounded-sm border-2 border-accent bg-accent/15 p-0.5" style={boxStyle(highlight)} />
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
