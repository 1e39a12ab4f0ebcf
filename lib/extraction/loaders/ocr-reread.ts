import { Image, createCanvas } from "@napi-rs/canvas";
import type { RawWord } from "../layout/build-page";

/**
 * A second look at the words a document's data hangs on. Tesseract reads a whole receipt as one block, and a faint
 * or crowded amount or date then comes back with low confidence and often one digit wrong ("24-01-14" for
 * "24-01-16"). Cut from the page and read again on its own as a single line, a date comes back right and sure of
 * itself, and an amount read right but faintly gets the confidence it deserves (see preferredReading for why an
 * amount's digits are not replaced).
 */

/** Amounts ("14.90", "RM1,250.00") and dates ("24-01-16", "06/09/2017"): the words fields are filled from. */
const AMOUNT_RE = /\d[.,]\d{2}(?!\d)/;
const DATE_RE = /\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}/;

/** Words read at or above this confidence are left alone. */
const DOUBTFUL_BELOW = 0.8;
/** A second reading replaces the first only when it is this sure of itself… */
const MIN_REREAD_CONFIDENCE = 0.8;
/** …and this much surer than the first. */
const MIN_GAIN = 0.1;
/** Margin around the word, in word heights: tesseract needs some white around the glyphs to find the line. */
const CROP_MARGIN = 0.4;
/** At most this many words a page are read again (~10 ms each): a page of doubtful numbers stays cheap. */
const MAX_REREADS = 40;

export type ValueShape = "amount" | "date";

export function valueShape(text: string): ValueShape | null {
  if (DATE_RE.test(text)) return "date";
  if (AMOUNT_RE.test(text)) return "amount";
  return null;
}

export function isDoubtfulValue(word: RawWord): boolean {
  return word.confidence < DOUBTFUL_BELOW && valueShape(word.text) !== null;
}

const digits = (text: string) => text.replace(/\D/g, "");

/**
 * Which reading to keep. The second one counts only when it is a single word of the same kind and clearly surer.
 * A date takes the second reading's text. An amount takes only its confidence, and only when both readings have
 * the same digits: on the dev receipts a changed amount was as often wrong as right ("100.90" confidently re-read
 * as "100.80"), while a date re-read on its own came back right ("24-01-14" → "24-01-16"), and an amount is checked
 * by the arithmetic of totals and rows further on anyway. The box stays the first reading's, measured on the page.
 */
export function preferredReading(first: RawWord, second: Array<Pick<RawWord, "text" | "confidence">>): RawWord {
  const reread = second.length === 1 ? second[0] : undefined;
  const shape = valueShape(first.text);
  if (!reread || shape === null || valueShape(reread.text) !== shape) return first;
  if (reread.confidence < MIN_REREAD_CONFIDENCE || reread.confidence < first.confidence + MIN_GAIN) return first;
  if (shape === "date") return { ...first, text: reread.text, confidence: reread.confidence };
  return digits(reread.text) === digits(first.text) ? { ...first, confidence: reread.confidence } : first;
}

/** Reads one cut-out image as a single line of text. */
export type ReadLine = (png: Uint8Array) => Promise<Array<Pick<RawWord, "text" | "confidence">>>;

async function cropWord(page: Image, word: RawWord): Promise<Uint8Array> {
  const margin = word.h * CROP_MARGIN;
  const x = Math.max(0, word.x - margin);
  const y = Math.max(0, word.y - margin);
  const w = Math.min(page.width, word.x + word.w + margin) - x;
  const h = Math.min(page.height, word.y + word.h + margin) - y;
  const canvas = createCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(page, x, y, w, h, 0, 0, canvas.width, canvas.height);
  return new Uint8Array(await canvas.encode("png"));
}

/** Reads the doubtful amounts and dates of a page again, each on its own, and keeps the surer reading. */
export async function rereadDoubtfulValues(words: RawWord[], pagePng: Uint8Array, readLine: ReadLine): Promise<RawWord[]> {
  const doubtful = words.filter(isDoubtfulValue).slice(0, MAX_REREADS);
  if (doubtful.length === 0) return words;
  const page = new Image();
  page.src = Buffer.from(pagePng);
  const better = new Map<RawWord, RawWord>();
  for (const word of doubtful) {
    better.set(word, preferredReading(word, await readLine(await cropWord(page, word))));
  }
  return words.map((word) => better.get(word) ?? word);
}
