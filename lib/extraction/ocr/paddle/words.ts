import type { RawWord } from "../../layout/build-page";
import type { DecodedChar } from "./ctc";
import { foldWidth } from "./ctc";
import type { LineCrop } from "./crop";
import { MARK_CHAR, recoverMarks, settleCommas, type InkMask } from "./punctuation";
import { greyLevels } from "./raster";
import { otsuThreshold } from "../../loaders/ocr/thin-strokes";

/**
 * Lines into words. The Chinese-trained recogniser seldom emits a space between English words ("TOTALRM14.10"), so
 * a word break is read from the line image: between two characters (placed by their CTC time steps) a run of
 * ink-free columns at least SPACE_HEIGHTS × the text's height is a space. A space the model does emit also breaks.
 * Each word's box is the ink between its breaks, mapped back through the line's rotation onto the page.
 */

/**
 * Blank columns, in text heights (the ink band of the line), that make a space. 0.3 and twice the letter spacing
 * split letter-spaced receipt print inside words ("HEAL THCARE", "TIMUR 1 1"); 0.4 and 2.5 times, measured
 * 2026-11-26 on 5 dev receipts that showed such splits: verbatim values 11 → 14 of 20, fields F1 0.63 → 0.79, and
 * unchanged on 5 receipts-dev receipts of other vendors (15 of 20, F1 0.70).
 */
export const SPACE_HEIGHTS = 0.4;

type Ink = { columns: Uint8Array; top: number; bottom: number; mask: InkMask };

/** Which columns of the line image hold ink, and the rows of its text band. */
export function lineInk(crop: Pick<LineCrop, "rgba" | "width" | "height">): Ink {
  const { width, height } = crop;
  const grey = greyLevels(crop.rgba);
  const threshold = Math.min(otsuThreshold(grey), 200);
  const rows = new Array<number>(height).fill(0);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (grey[y * width + x]! >= threshold) continue;
      mask[y * width + x] = 1;
      rows[y]! += 1;
    }
  }
  const peak = Math.max(...rows);
  // The text band: rows with a fair share of the busiest row's ink, so a neighbour line's descenders clipped into
  // the box's edge do not count.
  let top = rows.findIndex((n) => n >= peak * 0.08);
  let bottom = height - 1 - [...rows].reverse().findIndex((n) => n >= peak * 0.08);
  if (top < 0 || peak === 0) {
    top = 0;
    bottom = height - 1;
  }
  const columns = new Uint8Array(width);
  for (let x = 0; x < width; x += 1) {
    for (let y = top; y <= bottom; y += 1) {
      if (mask[y * width + x]) {
        columns[x] = 1;
        break;
      }
    }
  }
  return { columns, top, bottom, mask: { mask, width, height, band: { top, bottom } } };
}

/** The longest run of blank columns in [from, to), and where it is. */
function widestGap(columns: Uint8Array, from: number, to: number): { start: number; length: number } {
  let best = { start: from, length: 0 };
  let run = 0;
  for (let x = Math.max(0, from); x < Math.min(columns.length, to); x += 1) {
    run = columns[x] ? 0 : run + 1;
    if (run > best.length) best = { start: x - run + 1, length: run };
  }
  return best;
}

type Span = { chars: DecodedChar[]; from: number; to: number };

/** Neighbouring character pairs on each side whose gaps tell the line's letter spacing. */
const NEIGHBOURS = 4;
/** A space is this many times wider than the letter spacing around it (wide and letter-spaced print has wide gaps). */
const SPACE_OVER_SPACING = 2.5;

/**
 * A space the greedy decoding dropped (the blank won) but the model gave at least this probability at a step between
 * the two characters…
 */
const SPACE_HINT = 0.1;
/** …is kept when its ink gap is this many text heights and times the letter spacing around it. */
const HINTED_SPACE_HEIGHTS = 0.2;
const HINTED_OVER_SPACING = 2;
/**
 * After a comma or full stop, a space the model gave at least this probability splits at any gap of MIN_GAP_PX and
 * twice the letter spacing (0.22–0.50 on the dev sets' such spaces; the 9 in addresses are all in the ground truth:
 * "U13, 40170", "17-G, JALAN", "CHERAS, 55100"; a space after every comma lost, as the print often has none).
 */
const SPACE_AFTER_MARK_HINT = 0.2;
const MIN_GAP_PX = 2;

const DIGIT = /^\d$/;
const SEPARATOR = /^[.:]$/;

/**
 * Whether the gap after run[i] lies inside a number ("48.95", "20:19"): a monospaced receipt prints its point in a
 * full character cell, so the ink gap beside it is as wide as a space.
 */
function insideNumber(run: Array<DecodedChar | undefined>, i: number): boolean {
  const text = (k: number) => run[k]?.text ?? "";
  if (SEPARATOR.test(text(i)) && DIGIT.test(text(i - 1)) && DIGIT.test(text(i + 1))) return true;
  return SEPARATOR.test(text(i + 1)) && DIGIT.test(text(i)) && DIGIT.test(text(i + 2));
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Splits decoded characters into words at model spaces and at ink gaps that are wide both against the text height
 * and against the letter spacing around them; spans are crop columns.
 */
export function splitWords(chars: DecodedChar[], ink: Pick<Ink, "columns" | "top" | "bottom">, stepWidth: number, width: number): Span[] {
  const textHeight = ink.bottom - ink.top + 1;
  const centre = (c: DecodedChar) => (c.step + 0.5) * stepWidth;
  // Runs of characters between the model's own spaces; within each, the widest blank run between neighbours.
  const runs: DecodedChar[][] = [[]];
  chars.forEach((char, k) => {
    if (char.text.trim() !== "") runs[runs.length - 1]!.push(char);
    // A space the model read inside a number ("48. 95") is the point's wide cell, not a word break.
    else if (!insideNumber([chars[k - 2], chars[k - 1], chars[k + 1], chars[k + 2]], 1)) runs.push([]);
  });
  const spans: Span[] = [];
  let from = 0;
  for (const run of runs.filter((r) => r.length > 0)) {
    const gaps = run.slice(1).map((char, i) => widestGap(ink.columns, Math.round(centre(run[i]!)), Math.round(centre(char))));
    let current: DecodedChar[] = [run[0]!];
    run.slice(1).forEach((char, i) => {
      const gap = gaps[i]!;
      const around = [...gaps.slice(Math.max(0, i - NEIGHBOURS), i), ...gaps.slice(i + 1, i + 1 + NEIGHBOURS)].map((g) => g.length);
      const spacing = median(around);
      const wide = gap.length >= SPACE_HEIGHTS * textHeight && gap.length >= SPACE_OVER_SPACING * spacing;
      // The model half-saw a space: a narrower gap will do, still clearly wider than the letter spacing.
      const hinted = (char.spaceBefore ?? 0) >= SPACE_HINT && gap.length >= HINTED_SPACE_HEIGHTS * textHeight && gap.length >= HINTED_OVER_SPACING * spacing;
      // After a comma or stop the model's firm half-belief in a space splits at any clear gap: there a neighbour
      // line's strokes clipped into the crop often fill the columns of the gap the mark's cell leaves.
      const afterMark =
        MARK_CHAR.test(run[i]!.text) &&
        (char.spaceBefore ?? 0) >= SPACE_AFTER_MARK_HINT &&
        gap.length >= Math.max(MIN_GAP_PX, HINTED_OVER_SPACING * spacing);
      if ((wide || hinted || afterMark) && !insideNumber(run, i)) {
        const cut = gap.start + Math.floor(gap.length / 2);
        spans.push({ chars: current, from, to: cut });
        current = [];
        from = cut;
      }
      current.push(char);
    });
    const last = current[current.length - 1]!;
    const next = chars[chars.indexOf(last) + 1];
    const cut = next ? Math.round(centre(next)) : width;
    spans.push({ chars: current, from, to: cut });
    from = cut;
  }
  return spans;
}

/** The ink columns of a span, or its characters' steps when it has none. */
function inkExtent(span: Span, ink: Pick<Ink, "columns">, stepWidth: number): { x0: number; x1: number } {
  let x0 = -1;
  let x1 = -1;
  for (let x = Math.max(0, span.from); x < Math.min(ink.columns.length, span.to); x += 1) {
    if (!ink.columns[x]) continue;
    if (x0 < 0) x0 = x;
    x1 = x + 1;
  }
  if (x0 >= 0) return { x0, x1 };
  const first = span.chars[0]!;
  const last = span.chars[span.chars.length - 1]!;
  return { x0: first.step * stepWidth, x1: (last.step + 1) * stepWidth };
}

/** A crop-space rectangle mapped through the line's placement to an axis-aligned box in page pixels. */
function toPage(crop: LineCrop, rect: { x0: number; x1: number; y0: number; y1: number }): { x: number; y: number; w: number; h: number } {
  const { region } = crop;
  const sx = region.w / crop.width;
  const sy = region.h / crop.height;
  const sign = crop.flipped ? -1 : 1;
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const cx of [rect.x0, rect.x1]) {
    for (const cy of [rect.y0, rect.y1]) {
      const u = sign * (cx * sx - region.w / 2);
      const v = sign * (cy * sy - region.h / 2);
      xs.push(region.cx + u * cos - v * sin);
      ys.push(region.cy + u * sin + v * cos);
    }
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/**
 * The lowest probability the recogniser gave one of a word's letters or digits (1 when it has none). The mean hides
 * a single doubtful letter ("Peiabur" read at 0.77 on average, its i at 0.33); marks are left out, as their reading
 * is settled by their ink (`settleCommas`) and the field rules rather than by the recogniser's belief.
 */
export function leastLetterProbability(chars: readonly DecodedChar[]): number {
  let least = 1;
  for (const c of chars) if (/[\p{L}\p{N}]/u.test(c.text)) least = Math.min(least, c.prob);
  return least;
}

/** The words of one recognised line, boxed in page pixels. */
export function lineWords(crop: LineCrop, chars: DecodedChar[], stepWidth: number): RawWord[] {
  const ink = lineInk(crop);
  return splitWords(settleCommas(recoverMarks(chars, ink.mask, stepWidth), ink.mask, stepWidth), ink, stepWidth, crop.width).map((span) => {
    const { x0, x1 } = inkExtent(span, ink, stepWidth);
    const box = toPage(crop, { x0, x1, y0: ink.top, y1: ink.bottom + 1 });
    const text = foldWidth(span.chars.map((c) => c.text).join(""));
    const confidence = span.chars.reduce((sum, c) => sum + c.prob, 0) / span.chars.length;
    return { text, confidence, least: leastLetterProbability(span.chars), ...box };
  });
}
