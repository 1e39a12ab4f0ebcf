import type { Page } from "@playwright/test";

/**
 * Where a fresh navigation's time to the first canvas goes, read from the page's own performance timeline
 * (ms since navigation start): the HTML's first byte and end, the scripts, the pdf.js worker script, the document's
 * file, hydration (the workspace's mount mark), pdf.js opening the file and drawing page 1 (the workspace's phase
 * marks, components/review-workspace/phase-marks.ts), and the first-page mark.
 */
export type ConsoleTimeline = Record<TimelinePoint, number | null>;

export const TIMELINE_POINTS = [
  "html first byte",
  "html done",
  "scripts done (last .js, worker excluded)",
  "pdf.js worker script loaded",
  "document file loaded",
  "DOMContentLoaded",
  "workspace mounted (hydrated)",
  "pdf opened",
  "page 1 drawn",
  "first-page mark (painted)",
] as const;
export type TimelinePoint = (typeof TIMELINE_POINTS)[number];

/** The timeline of the page's current navigation; `documentId` picks that document's marks. */
export async function readTimeline(page: Page, documentId: string): Promise<ConsoleTimeline> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  const raw = (await page.evaluate(`(() => {
    const documentId = ${JSON.stringify(documentId)};
    const nav = performance.getEntriesByType("navigation")[0];
    const resources = performance.getEntriesByType("resource");
    const ends = (test) => resources.filter((entry) => test(entry.name)).map((entry) => entry.responseEnd);
    const last = (values) => (values.length ? Math.max(...values) : null);
    const first = (values) => (values.length ? Math.min(...values) : null);
    const mark = (name) => performance.getEntriesByName(name, "mark").find((entry) => entry.detail && entry.detail.documentId === documentId)?.startTime ?? null;
    const isWorker = (name) => /pdf\\.worker/.test(name);
    return {
      "html first byte": nav ? nav.responseStart : null,
      "html done": nav ? nav.responseEnd : null,
      "scripts done (last .js, worker excluded)": last(ends((name) => /\\.js(\\?|$)/.test(name) && !isWorker(name))),
      "pdf.js worker script loaded": last(ends(isWorker)),
      // Stored files (the PDF and the preview image) share one path: the PDF is the one that is not an image.
      // The first such file: the next document's is fetched ahead once the first page is up.
      "document file loaded": first(resources.filter((entry) => entry.name.includes("/api/files/") && !String(entry.contentType || "").startsWith("image/") && entry.initiatorType !== "img").map((entry) => entry.responseEnd)),
      "DOMContentLoaded": nav ? nav.domContentLoadedEventEnd : null,
      "workspace mounted (hydrated)": mark("review-workspace:workspace-mounted"),
      "pdf opened": mark("review-workspace:pdf-opened"),
      "page 1 drawn": mark("review-workspace:page-drawn"),
      "first-page mark (painted)": mark("review-workspace:first-page"),
    };
  })()`)) as ConsoleTimeline;
  return raw;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

/** A markdown table: per point, the median time since navigation start over the runs, and the cold run's. */
export function timelineReport(runs: ConsoleTimeline[], cold: ConsoleTimeline | null): string[] {
  const lines = ["| point | median ms since navigation start | cold first visit ms |", "|---|---:|---:|"];
  const show = (value: number | null | undefined) => (value === null || value === undefined ? "–" : value.toFixed(0));
  for (const point of TIMELINE_POINTS) {
    const values = runs.map((run) => run[point]).filter((value): value is number => value !== null);
    lines.push(`| ${point} | ${show(median(values))} | ${show(cold?.[point])} |`);
  }
  return lines;
}

/** Where a switch's time goes: each phase mark of the new document after the key press, in ms since the key. */
export const SWITCH_POINTS = ["workspace mounted", "pdf opened", "page 1 drawn", "first-page mark (painted)"] as const;
export type SwitchTimeline = Record<(typeof SWITCH_POINTS)[number], number | null>;

export async function readSwitchTimeline(page: Page, documentId: string, keyAt: number): Promise<SwitchTimeline> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  return (await page.evaluate(`(() => {
    const documentId = ${JSON.stringify(documentId)};
    const keyAt = ${JSON.stringify(keyAt)};
    const mark = (name) => {
      const found = performance.getEntriesByName(name, "mark").filter((entry) => entry.detail && entry.detail.documentId === documentId && entry.startTime > keyAt);
      return found.length ? found[found.length - 1].startTime - keyAt : null;
    };
    return {
      "workspace mounted": mark("review-workspace:workspace-mounted"),
      "pdf opened": mark("review-workspace:pdf-opened"),
      "page 1 drawn": mark("review-workspace:page-drawn"),
      "first-page mark (painted)": mark("review-workspace:first-page"),
    };
  })()`)) as SwitchTimeline;
}

/** A markdown table: per phase, the median ms after the key over the switches ("–": before the key, i.e. done ahead). */
export function switchReport(runs: SwitchTimeline[]): string[] {
  const lines = ["| phase | median ms after the key | switches with it after the key |", "|---|---:|---:|"];
  for (const point of SWITCH_POINTS) {
    const values = runs.map((run) => run[point]).filter((value): value is number => value !== null);
    lines.push(`| ${point} | ${values.length ? median(values)!.toFixed(0) : "–"} | ${values.length}/${runs.length} |`);
  }
  return lines;
}
