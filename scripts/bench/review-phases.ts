import type { Page, Request } from "@playwright/test";

/**
 * Where bench:review's time goes, per step of a document: the server round trips the page made during the step
 * (server actions and router fetches, from the network), and the workspace's own phase marks
 * (components/review-workspace/phase-marks.ts) when the build has them. All times in the page's clock.
 */
export type Step = { name: string; documentId: string; from: number; to: number };
type Trip = { kind: "action" | "router" | "file" | "other"; start: number; end: number };
type Mark = { name: string; documentId: string | null; at: number };

const PREFIX = "review-workspace:";

function kindOf(request: Request): Trip["kind"] {
  const headers = request.headers();
  if (headers["next-action"]) return "action";
  if (headers["rsc"] === "1" || headers["next-router-prefetch"]) return "router";
  if (/\/files\/|\.pdf|\.png/.test(request.url())) return "file";
  return "other";
}

/** Records every finished request with its start and end in the page's clock (call before the steps run). */
export function recordTrips(page: Page): { trips: Trip[]; setOrigin: (origin: number) => void } {
  const trips: Trip[] = [];
  const finished: { request: Request; kind: Trip["kind"] }[] = [];
  let origin: number | null = null;
  const flush = () => {
    if (origin === null) return;
    for (const { request, kind } of finished.splice(0)) {
      const timing = request.timing();
      if (timing.responseEnd < 0) continue;
      // `startTime` is wall-clock (epoch ms); the other figures are relative to it.
      trips.push({ kind, start: timing.startTime - origin, end: timing.startTime + timing.responseEnd - origin });
    }
  };
  page.on("requestfinished", (request) => {
    finished.push({ request, kind: kindOf(request) });
    flush();
  });
  return {
    trips,
    setOrigin: (value) => {
      origin = value;
      flush();
    },
  };
}

export async function readMarks(page: Page): Promise<Mark[]> {
  return (await page.evaluate(`performance.getEntriesByType("mark").filter((mark) => mark.name.startsWith(${JSON.stringify(PREFIX)})).map((mark) => ({
    name: mark.name.slice(${PREFIX.length}), documentId: mark.detail && mark.detail.documentId ? mark.detail.documentId : null, at: mark.startTime,
  }))`)) as Mark[];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const format = (value: number | null) => (value === null ? "–" : value.toFixed(0));

/**
 * Per step kind: the server round trips inside the step (how many, and the time the page waited for them,
 * overlapping trips counted once), then the gaps between consecutive phase marks inside the step.
 */
export function phaseReport(steps: Step[], trips: Trip[], marks: Mark[]): string[] {
  const lines = ["| step | part | median ms | median count |", "|---|---|---:|---:|"];
  for (const name of [...new Set(steps.map((step) => step.name))]) {
    const ofName = steps.filter((step) => step.name === name);
    for (const kind of ["action", "router", "file"] as const) {
      const perStep = ofName.map((step) => {
        const inside = trips.filter((trip) => trip.kind === kind && trip.end > step.from && trip.start < step.to);
        return { count: inside.length, busy: coveredTime(inside.map((trip) => [Math.max(trip.start, step.from), Math.min(trip.end, step.to)])) };
      });
      if (perStep.every((entry) => entry.count === 0)) continue;
      lines.push(`| ${name} | waiting on ${kind === "action" ? "server actions" : kind === "router" ? "router fetches (RSC)" : "file downloads"} | ${format(median(perStep.map((entry) => entry.busy)))} | ${format(median(perStep.map((entry) => entry.count)))} |`);
    }
    // Phase marks in order inside the step: key → first mark → … → end.
    const gaps = new Map<string, number[]>();
    for (const step of ofName) {
      const inside = marks.filter((mark) => mark.at >= step.from && mark.at <= step.to).sort((a, b) => a.at - b.at);
      let previous = { name: "key", at: step.from };
      for (const mark of [...inside, { name: "shown", documentId: null, at: step.to }]) {
        const label = `${previous.name} → ${mark.name}`;
        gaps.set(label, [...(gaps.get(label) ?? []), mark.at - previous.at]);
        previous = mark;
      }
    }
    // Only the sequences most steps share (a phase seen in a few steps only would mislead as a median).
    for (const [label, values] of gaps) if (values.length * 2 >= ofName.length && !(label === "key → shown" && marks.length === 0)) lines.push(`| ${name} | ${label} | ${format(median(values))} | ${values.length} steps |`);
  }
  return lines;
}

function coveredTime(intervals: number[][]): number {
  const sorted = intervals.filter(([start, end]) => end! > start!).sort((a, b) => a[0]! - b[0]!);
  let total = 0;
  let [currentStart, currentEnd] = [Number.NaN, Number.NaN];
  for (const [start, end] of sorted) {
    if (Number.isNaN(currentEnd) || start! > currentEnd) {
      if (!Number.isNaN(currentEnd)) total += currentEnd - currentStart;
      [currentStart, currentEnd] = [start!, end!];
    } else currentEnd = Math.max(currentEnd, end!);
  }
  if (!Number.isNaN(currentEnd)) total += currentEnd - currentStart;
  return total;
}

/**
 * One line per step (BENCH_TRACE=1): each round trip and phase mark inside it, in ms from the step's key, to see
 * where a single slow step went (the medians above hide it).
 */
export function stepTrace(steps: Step[], trips: Trip[], marks: Mark[]): string[] {
  return steps.map((step) => {
    const at = (value: number) => (value - step.from).toFixed(0);
    const events = [
      ...trips.filter((trip) => trip.end > step.from && trip.start < step.to).map((trip) => ({ at: trip.start, text: `${trip.kind} ${at(trip.start)}–${at(trip.end)}` })),
      ...marks.filter((mark) => mark.at >= step.from && mark.at <= step.to).map((mark) => ({ at: mark.at, text: `${mark.name} ${at(mark.at)}` })),
    ].sort((a, b) => a.at - b.at);
    return `${step.name} ${step.documentId.slice(0, 8)} (${at(step.to)} ms): ${events.map((event) => event.text).join(", ")}`;
  });
}
