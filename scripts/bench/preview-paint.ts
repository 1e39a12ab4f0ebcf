import type { Page } from "@playwright/test";

/** The review workspace's page-1 preview image carries this Element Timing identifier (components/review-workspace). */
export const PREVIEW_ELEMENT_TIMING = "review-workspace-preview";

/**
 * When the page-1 preview image was painted (ms since navigation start), or null when the page showed none.
 * Element Timing entries are not in the performance timeline: a buffered observer hands over those already seen.
 */
export async function previewPaintedAt(page: Page): Promise<number | null> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  return (await page.evaluate(`new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((candidate) => candidate.identifier === ${JSON.stringify(PREVIEW_ELEMENT_TIMING)});
      observer.disconnect();
      resolve(entry ? entry.renderTime || entry.loadTime : null);
    });
    observer.observe({ type: "element", buffered: true });
    setTimeout(() => { observer.disconnect(); resolve(null); }, 200);
  })`)) as number | null;
}
