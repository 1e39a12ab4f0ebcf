/**
 * Page geometry of the viewer. The engine writes source boxes as page-relative fractions (0–1, origin top-left)
 * of the page as displayed, i.e. with the PDF's own /Rotate applied (lib/extraction/types.ts). The viewer may
 * turn pages further by quarter turns; boxes turn with them. Pure, so it is unit-tested.
 */
export type Box = { x: number; y: number; w: number; h: number };
export type SourceBox = Box & { page: number };
export type Rect = { left: number; top: number; right: number; bottom: number };
/** Asks the viewer to bring a source box into view: one object per request, so the same box can be asked twice. */
/** Bring a value's source into view; `zoom`: also zoom in until it can be read (a reviewer pointing at a value). */
export type ScrollRequest = { source: SourceBox; zoom?: boolean };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A source box from field metadata (`{page, x, y, w, h}`), or null when absent or malformed. */
export function readSourceBox(source: unknown): SourceBox | null {
  if (typeof source !== "object" || source === null) return null;
  const { page, x, y, w, h } = source as Record<string, unknown>;
  if (!isFiniteNumber(page) || !isFiniteNumber(x) || !isFiniteNumber(y) || !isFiniteNumber(w) || !isFiniteNumber(h)) return null;
  if (page < 1 || w <= 0 || h <= 0) return null;
  const left = clamp01(x);
  const top = clamp01(y);
  // Trim what sticks out of the page; a box inside it stays exactly as written.
  const width = Math.min(w - (left - x), 1 - left);
  const height = Math.min(h - (top - y), 1 - top);
  if (width <= 0 || height <= 0) return null;
  return { page: Math.round(page), x: left, y: top, w: width, h: height };
}

/** Quarter turns clockwise for a rotation in degrees (any multiple of 90, negative too). */
export function quarterTurns(degrees: number): 0 | 1 | 2 | 3 {
  return ((((Math.round(degrees / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3);
}

/** The same region after turning the page clockwise by `degrees` (a multiple of 90). */
export function rotateBox(box: Box, degrees: number): Box {
  let turned = box;
  for (let turn = 0; turn < quarterTurns(degrees); turn++) {
    // A clockwise quarter turn of the unit square maps (x, y) to (1 - y, x).
    turned = { x: 1 - (turned.y + turned.h), y: turned.x, w: turned.h, h: turned.w };
  }
  return turned;
}

/** CSS for an absolutely positioned overlay on the page element. */
export function boxStyle(box: Box): { left: string; top: string; width: string; height: string } {
  const percent = (value: number) => `${(value * 100).toFixed(3)}%`;
  return { left: percent(box.x), top: percent(box.y), width: percent(box.w), height: percent(box.h) };
}

/** The width × height of a page turned by `degrees`: quarter turns swap them. */
export function turnedSize(size: { width: number; height: number }, degrees: number): { width: number; height: number } {
  return quarterTurns(degrees) % 2 === 1 ? { width: size.height, height: size.width } : size;
}

/** The rectangle between two pointer positions, whichever way the drag went. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/** A drag counts as a box only past a few pixels; less is a click. */
export function isDrag(rect: Rect, threshold = 4): boolean {
  return rect.right - rect.left > threshold || rect.bottom - rect.top > threshold;
}

/** Whether a word's centre lies inside the dragged rectangle: half-covered words at the edge count once. */
export function centreInside(word: Rect, area: Rect): boolean {
  const x = (word.left + word.right) / 2;
  const y = (word.top + word.bottom) / 2;
  return x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
}

/**
 * Joins picked words in reading order: lines top to bottom (words whose vertical centres are within half a
 * line height share a line), left to right within a line.
 */
export function readingOrder<T extends { rect: Rect; text: string }>(words: T[]): string {
  const sorted = [...words].sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  const lines: T[][] = [];
  for (const word of sorted) {
    const centre = (word.rect.top + word.rect.bottom) / 2;
    const line = lines.find((candidate) => {
      const first = candidate[0]!.rect;
      return Math.abs((first.top + first.bottom) / 2 - centre) <= (first.bottom - first.top) / 2;
    });
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) => line.sort((a, b) => a.rect.left - b.rect.left).map((word) => word.text).join(" "))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `inner` is fully inside the visible part of `outer` (both in the same coordinates). */
export function isFullyVisible(inner: Rect, outer: Rect): boolean {
  return inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right;
}
