import type { DecodedChar } from "./ctc";

/**
 * Comma or full stop, settled by the mark's shape. At the recogniser's 48 px line height the Chinese model often
 * reads a receipt's comma as a full stop ("JALAN AIR PANAS. SETAPAK." for "…PANAS, SETAPAK,"), which breaks every
 * address compared verbatim. The line image tells them apart: a comma's tail reaches below the baseline the
 * letters stand on, a full stop sits on it.
 */

/**
 * A binary ink image of the line crop (1 = ink), row-major, with the rows of its text band (neighbouring lines'
 * strokes clipped into the crop's edges lie outside it).
 */
export type InkMask = { mask: Uint8Array; width: number; height: number; band: { top: number; bottom: number } };

/** Letters and digits that stand on the baseline and reach the cap height (no descenders, no lower case). */
const BASELINE_CHAR = /^[A-PR-Z0-9]$/;
/** A comma reaches at least this share of the cap height below the baseline… */
const COMMA_DEPTH = 0.08;
/** …a full stop at most this share (scanner blur widens a dot by a pixel or two). */
const STOP_DEPTH = 0.03;
/**
 * A full stop is at most this share of the cap height tall, a comma taller. Measured on the dev receipts' marks the
 * model read: full stops 0.1–0.35, commas 0.25–0.6 (some dot-matrix commas stand on the baseline), so only a mark
 * both deep and tall, or both flat and short, is decided by its shape.
 */
const DOT_HEIGHT = 0.25;
/** A mark taller than this share of the cap height is neither (a slash, a bracket, a digit read as punctuation). */
const MAX_MARK_HEIGHT = 0.6;

type Extent = { top: number; bottom: number };

function rowInked(ink: InkMask, y: number, x0: number, x1: number): boolean {
  for (let x = Math.max(0, x0); x < Math.min(ink.width, x1); x += 1) if (ink.mask[y * ink.width + x]) return true;
  return false;
}

/**
 * The unbroken run of inked rows within columns [x0, x1) that starts at the first inked row at or below `fromRow`
 * and ends at the first blank row (or `toRow`); null when there is none.
 */
function inkRows(ink: InkMask, columns: { x0: number; x1: number }, rows: { fromRow: number; toRow: number }): Extent | null {
  const last = Math.min(ink.height - 1, rows.toRow);
  let top = Math.max(0, rows.fromRow);
  while (top <= last && !rowInked(ink, top, columns.x0, columns.x1)) top += 1;
  if (top > last) return null;
  let bottom = top;
  while (bottom + 1 <= last && rowInked(ink, bottom + 1, columns.x0, columns.x1)) bottom += 1;
  return { top, bottom };
}

/** The columns a character owns: halfway to its neighbours' centres (its own half step at the line's ends). */
function ownColumns(chars: DecodedChar[], i: number, stepWidth: number): { x0: number; x1: number } {
  const centre = (c: DecodedChar) => (c.step + 0.5) * stepWidth;
  const here = centre(chars[i]!);
  const before = i > 0 ? centre(chars[i - 1]!) : here - stepWidth * 2;
  const after = i + 1 < chars.length ? centre(chars[i + 1]!) : here + stepWidth * 2;
  return { x0: Math.round((before + here) / 2), x1: Math.round((here + after) / 2) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Letter = { index: number; top: number; bottom: number };

/** The line's capitals and digits with the rows their ink spans (they stand on the baseline, reach the cap height). */
function lettersOf(chars: DecodedChar[], ink: InkMask, stepWidth: number): Letter[] {
  const letters: Letter[] = [];
  chars.forEach((char, index) => {
    if (!BASELINE_CHAR.test(char.text)) return;
    const rows = inkRows(ink, ownColumns(chars, index, stepWidth), { fromRow: ink.band.top, toRow: ink.band.bottom });
    if (rows) letters.push({ index, ...rows });
  });
  return letters;
}

/** Letters nearest the mark on each side (by position in the line) whose baseline it is compared with. */
const LOCAL_LETTERS = 2;

/**
 * The baseline under character `index`, from the letters nearest it (a skewed line's baseline drifts along it), and
 * the line's cap height.
 */
function baselineAt(letters: Letter[], index: number): { baseline: number; capHeight: number } {
  const before = letters.filter((l) => l.index < index).slice(-LOCAL_LETTERS);
  const after = letters.filter((l) => l.index > index).slice(0, LOCAL_LETTERS);
  const near = [...before, ...after];
  const capHeight = median(letters.map((l) => l.bottom - l.top + 1));
  return { baseline: median(near.map((l) => l.bottom)), capHeight };
}

type Blob = { x0: number; x1: number; top: number; bottom: number };

/** The 8-connected ink component holding pixel (x, y), as its bounding box; its pixels are marked seen. */
function blobAt(ink: InkMask, x: number, y: number, seen: Uint8Array): Blob {
  const blob = { x0: x, x1: x + 1, top: y, bottom: y };
  const stack = [y * ink.width + x];
  seen[y * ink.width + x] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const px = i % ink.width;
    const py = (i - px) / ink.width;
    blob.x0 = Math.min(blob.x0, px);
    blob.x1 = Math.max(blob.x1, px + 1);
    blob.top = Math.min(blob.top, py);
    blob.bottom = Math.max(blob.bottom, py);
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const nx = px + dx;
        const ny = py + dy;
        if (nx < 0 || ny < 0 || nx >= ink.width || ny >= ink.height) continue;
        const j = ny * ink.width + nx;
        if (ink.mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return blob;
}

/**
 * The punctuation mark within columns [x0, x1): the ink components there that lie wholly in the lower half of the
 * line and are small (a letter's stroke joins its letter, which reaches higher), merged into one box.
 */
function markIn(ink: InkMask, span: { x0: number; x1: number }, line: { baseline: number; capHeight: number }): Blob | null {
  const fromRow = Math.max(0, Math.round(line.baseline - line.capHeight * 0.5));
  const seen = new Uint8Array(ink.mask.length);
  let mark: Blob | null = null;
  for (let y = fromRow; y < ink.height; y += 1) {
    for (let x = Math.max(0, span.x0); x < Math.min(ink.width, span.x1); x += 1) {
      const i = y * ink.width + x;
      if (!ink.mask[i] || seen[i]) continue;
      const blob = blobAt(ink, x, y, seen);
      const centre = (blob.x0 + blob.x1) / 2;
      const small = blob.x1 - blob.x0 <= line.capHeight * MAX_MARK_HEIGHT && blob.bottom - blob.top + 1 <= line.capHeight * MAX_MARK_HEIGHT;
      if (blob.top < fromRow || !small || centre < span.x0 || centre >= span.x1) continue;
      mark = mark
        ? { x0: Math.min(mark.x0, blob.x0), x1: Math.max(mark.x1, blob.x1), top: Math.min(mark.top, blob.top), bottom: Math.max(mark.bottom, blob.bottom) }
        : blob;
    }
  }
  return mark;
}

/**
 * A comma or full stop the blank outvoted is read back when the model gave the marks together at least this much at a
 * step after the character (`markAfter`; 0.13–0.47 on the dev images' dropped marks, 0.08–0.12 read back the same)
 * and the line image shows a mark there…
 */
export const MARK_HINT = 0.12;
/**
 * …a mark as wide as a comma or stop: between these shares of the cap height (0.13–0.3 on the marks read back on the
 * dev images; a thinner component is speckle, a wider one an underline or a neighbour line's stroke)…
 */
const MARK_WIDTH = { min: 0.12, max: 0.4 };
/** …with its foot on the baseline (within this share of the cap height): a dot higher up is a speck or a hyphen. */
const FOOT_SLACK = 0.1;

/** A comma or full stop, ASCII or full width. */
export const MARK_CHAR = /^[,.，．]$/;

/** The first (step ≥ 0) or last (step < 0) inked column in [x0, x1) within the text band, or null. */
function inkedColumn(ink: InkMask, x0: number, x1: number, step: 1 | -1): number | null {
  const from = step > 0 ? Math.max(0, x0) : Math.min(ink.width, x1) - 1;
  for (let x = from; step > 0 ? x < Math.min(ink.width, x1) : x >= Math.max(0, x0); x += step) {
    for (let y = ink.band.top; y <= ink.band.bottom; y += 1) if (ink.mask[y * ink.width + x]) return x;
  }
  return null;
}

/**
 * The characters with the commas and full stops the greedy decoding dropped read back: where the model half-believed
 * a mark after a character (`markAfter` ≥ MARK_HINT) and the line image holds a small ink component there, in the
 * lower half of the line with its foot on the baseline, nearer the character before than the one after (a mark
 * follows its word). Most such marks end a line, where the detector's box clips them ("KEPONG," read "KEPONG").
 * The mark's shape must say comma or stop as in `settleCommas` (an unclear shape is no evidence of a mark: speckle,
 * a neighbour line's stroke); the inserted mark is placed at its ink, so words split and box around it.
 */
export function recoverMarks(chars: DecodedChar[], ink: InkMask, stepWidth: number): DecodedChar[] {
  if (!chars.some((c) => (c.markAfter?.prob ?? 0) >= MARK_HINT)) return chars;
  const letters = lettersOf(chars, ink, stepWidth);
  if (letters.length < 3 || median(letters.map((l) => l.bottom - l.top + 1)) < 6) return chars;
  const centre = (c: DecodedChar) => (c.step + 0.5) * stepWidth;
  const out: DecodedChar[] = [];
  chars.forEach((char, i) => {
    out.push(char);
    const hint = char.markAfter;
    const next = chars[i + 1];
    if (!hint || hint.prob < MARK_HINT || MARK_CHAR.test(char.text) || (next && MARK_CHAR.test(next.text))) return;
    // Between digits a point is a separator the model reads well; a dropped one is left alone.
    if (/\d/.test(char.text) && /\d/.test(next?.text ?? "")) return;
    const span = { x0: Math.round(centre(char)), x1: next ? Math.round(centre(next)) : ink.width };
    const line = baselineAt(letters, i + 0.5);
    const mark = markIn(ink, span, line);
    if (!mark) return;
    const height = (mark.bottom - mark.top + 1) / line.capHeight;
    const depth = (mark.bottom - line.baseline) / line.capHeight;
    const width = (mark.x1 - mark.x0) / line.capHeight;
    const comma = depth >= COMMA_DEPTH && height > DOT_HEIGHT;
    const stop = depth <= STOP_DEPTH && depth >= -FOOT_SLACK && height <= DOT_HEIGHT;
    // …and shaped like one: a comma's tail below the baseline or a stop's dot on it, nothing in between.
    if (width < MARK_WIDTH.min || width > MARK_WIDTH.max || !(comma || stop)) return;
    const before = inkedColumn(ink, span.x0, mark.x0, -1);
    const after = inkedColumn(ink, mark.x1, span.x1, 1);
    if (before === null || (after !== null && after - mark.x1 < mark.x0 - before)) return;
    // A dot cut by the crop's edge may be a comma's head without its tail: there the model's likelier mark is read.
    const clipped = mark.x1 >= ink.width || mark.bottom >= ink.height - 1;
    const text = comma ? "," : !clipped ? "." : hint.text === "，" ? "," : hint.text === "．" ? "." : hint.text;
    // The mark's evidence is its ink: it takes the character before's probability, so its word's confidence stays.
    out.push({ text, step: (mark.x0 + mark.x1) / 2 / stepWidth - 0.5, prob: char.prob, spaceBefore: 0 });
  });
  return out;
}

/** The characters with each comma or full stop made what its ink shows; unclear marks stay as read. */
export function settleCommas(chars: DecodedChar[], ink: InkMask, stepWidth: number): DecodedChar[] {
  if (!chars.some((c) => c.text === "," || c.text === ".")) return chars;
  const letters = lettersOf(chars, ink, stepWidth);
  if (letters.length < 3 || median(letters.map((l) => l.bottom - l.top + 1)) < 6) return chars;
  return chars.map((char, i) => {
    if (char.text !== "," && char.text !== ".") return char;
    // Between digits the mark is a decimal or thousands separator, which the model reads well and amounts need.
    if (/\d/.test(chars[i - 1]?.text ?? "") && /\d/.test(chars[i + 1]?.text ?? "")) return char;
    const line = baselineAt(letters, i);
    const mark = markIn(ink, ownColumns(chars, i, stepWidth), line);
    if (!mark) return char;
    const depth = (mark.bottom - line.baseline) / line.capHeight;
    const height = (mark.bottom - mark.top + 1) / line.capHeight;
    if (depth >= COMMA_DEPTH && height > DOT_HEIGHT) return char.text === "," ? char : { ...char, text: "," };
    if (depth <= STOP_DEPTH && height <= DOT_HEIGHT) return char.text === "." ? char : { ...char, text: "." };
    return char;
  });
}
