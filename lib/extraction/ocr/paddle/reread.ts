import { createCanvas } from "@napi-rs/canvas";
import type { DecodedChar } from "./ctc";
import type { LineCrop } from "./crop";
import { recogniseLines, type RecognisedLine } from "./recognize";
import type { PaddleSessions } from "./sessions";

/**
 * A second look at the lines the recogniser doubts. The Chinese model's misreadings of Latin print come with a low
 * probability on the misread character often enough ("C1ty", "SER1", "HARDNARE", "753.70" for 758.70) that reading
 * such a line again, fed differently, and keeping the reading the model is surer of mends some of them; lines it is
 * sure of are not read again, which keeps the cost to a few lines per page.
 * Measured 2026-11-28 (bench:ocr, both sets): verbatim values 364 → 367 of 467, but fields F1 on receipts-dev half b
 * 0.867 → 0.859, so it is not wired into the default reading (see lib/extraction/README.md, OCR).
 */

/** Lines whose least character probability is below this are read a second time. */
export const DOUBTFUL_LINE = 0.6;

/**
 * The second look draws the line at this share of the recogniser's 48 px height, white above and below: the text
 * then fills the input the way it does on lines whose box the detector drew looser. Measured 2026-11-28 against a
 * crop with more of the page around it (h × 1.25, × 1.5), a tighter crop (× 0.85), a wider one, contrast stretched,
 * Otsu-binarised, sharpened and emboldened crops, and the line drawn larger (× 1.2): with all of them competing on
 * receipts-dev half a, this one gave the surest reading most often.
 */
const SECOND_LOOK_FILL = 0.8;

/** The lowest probability of a line's characters other than spaces (marks included: a stray "_" or "'" counts). */
export function leastProbability(chars: readonly DecodedChar[]): number {
  let least = 1;
  for (const c of chars) if (c.text.trim() !== "") least = Math.min(least, c.prob);
  return least;
}

const LETTER = /[\p{L}\p{N}]/u;
const letterCount = (chars: readonly DecodedChar[]) => chars.filter((c) => LETTER.test(c.text)).length;

/**
 * Whether a second reading replaces the first: as many letters and digits (a reading that drops a doubtful letter
 * is not surer, only shorter) and a higher least probability.
 */
export function surer(second: readonly DecodedChar[], first: readonly DecodedChar[]): boolean {
  return second.length > 0 && letterCount(second) === letterCount(first) && leastProbability(second) > leastProbability(first);
}

const blank = (c: DecodedChar) => c.text.trim() === "";
const leastLetter = (chars: readonly DecodedChar[]) => chars.reduce((m, c) => (LETTER.test(c.text) ? Math.min(m, c.prob) : m), 1);

/**
 * The first reading with its letters and digits taken from the second, when the two differ in nothing else: as many
 * characters (spaces aside), the same marks in the same places. Spaces, marks and time steps stay the first
 * reading's, so words and commas are cut as before; null when the readings differ otherwise.
 */
export function lettersOf(first: readonly DecodedChar[], second: readonly DecodedChar[]): DecodedChar[] | null {
  const a = first.filter((c) => !blank(c));
  const b = second.filter((c) => !blank(c));
  if (a.length !== b.length || a.length === 0) return null;
  for (let i = 0; i < a.length; i += 1) {
    const letters = LETTER.test(a[i]!.text) && LETTER.test(b[i]!.text);
    if (!letters && a[i]!.text !== b[i]!.text) return null;
  }
  let k = 0;
  return first.map((c) => {
    if (blank(c)) return c;
    const other = b[k++]!;
    return LETTER.test(c.text) ? { ...c, text: other.text, prob: other.text === c.text ? c.prob : Math.min(c.prob, other.prob) } : c;
  });
}

/** The crop's line drawn at `fill` of its height (and width), centred on white, as a crop of the same line. */
export function shrunkCrop(crop: LineCrop, fill: number): LineCrop {
  const source = createCanvas(crop.width, crop.height);
  const sourceCtx = source.getContext("2d");
  const image = sourceCtx.createImageData(crop.width, crop.height);
  image.data.set(crop.rgba);
  sourceCtx.putImageData(image, 0, 0);
  const width = Math.max(8, Math.round(crop.width * fill));
  const height = Math.round(crop.height * fill);
  const canvas = createCanvas(width, crop.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, crop.height);
  ctx.drawImage(source, 0, 0, crop.width, crop.height, 0, Math.round((crop.height - height) / 2), width, height);
  // The full width still spans the line; the full height now spans more of the page.
  const region = { ...crop.region, h: crop.region.h / fill };
  return { ...crop, region, width, rgba: ctx.getImageData(0, 0, width, crop.height).data };
}

/**
 * A second reading's characters placed on the first crop's time steps, so the line's words are split and boxed on
 * the crop the word rules were measured on. When both readings have as many characters (spaces aside), each takes
 * the step of its counterpart (a space, that of a space between the same characters): CTC fires somewhere on a glyph,
 * and a step moved by the rescaling's rounding can cross into the gap a word break is cut in. Otherwise a step is carried across through the page (both crops cut the same
 * line).
 */
export function onOriginalCrop(original: RecognisedLine, second: RecognisedLine): RecognisedLine {
  const from = second.crop;
  const to = original.crop;
  const through = (step: number) => {
    const along = (step + 0.5) * second.stepWidth * (from.region.w / from.width) - from.region.w / 2;
    const x = (along + to.region.w / 2) * (to.width / to.region.w);
    return Math.max(0, Math.round(x / original.stepWidth - 0.5));
  };
  const blank = (c: DecodedChar) => c.text.trim() === "";
  const firstSteps = original.chars.filter((c) => !blank(c)).map((c) => c.step);
  const paired = firstSteps.length === second.chars.filter((c) => !blank(c)).length;
  // A space of the first reading by how many characters precede it: a space read at the same place keeps its step
  // (the end of the word before it is cut there).
  const firstSpaces = new Map<number, number>();
  let before = 0;
  for (const c of original.chars) {
    if (blank(c)) firstSpaces.set(before, c.step);
    else before += 1;
  }
  let k = 0;
  let last = 0;
  const chars = second.chars.map((c) => {
    let step = Math.max(last, through(c.step));
    if (paired && !blank(c)) step = firstSteps[k++]!;
    else if (paired) step = firstSpaces.get(k) ?? Math.min(step, firstSteps[k] ?? step);
    last = step;
    return { ...c, step };
  });
  return { ...original, chars };
}

/**
 * Reads doubtful lines a second time and keeps, per line, the reading the model is surer of (see `surer`).
 */
export async function rereadDoubtful(sessions: PaddleSessions, lines: RecognisedLine[]): Promise<RecognisedLine[]> {
  const doubtful = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.chars.length > 0 && leastProbability(line.chars) < DOUBTFUL_LINE);
  if (doubtful.length === 0) return lines;
  const second = await recogniseLines(sessions, doubtful.map(({ line }) => shrunkCrop(line.crop, SECOND_LOOK_FILL)));
  const out = [...lines];
  doubtful.forEach(({ line, i }, k) => {
    const letters = lettersOf(line.chars, second[k]!.chars);
    if (letters && leastLetter(second[k]!.chars) > leastLetter(line.chars)) out[i] = { ...line, chars: letters };
  });
  return out;
}
