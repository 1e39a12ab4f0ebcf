import { Image, createCanvas, type Canvas } from "@napi-rs/canvas";
import type { RawWord } from "../../layout/build-page";

/**
 * A second look at the words a document's data hangs on. Tesseract reads a whole receipt as one block, and a faint
 * or crowded amount or date then comes back with low confidence and often one digit wrong ("24-01-14" for
 * "24-01-16"), or not at all ("TOTAL … RM" with nothing after the mark). Cut from the page and read again on its own
 * as a single line, a date comes back right and sure of itself, an amount read right but faintly gets the confidence
 * it deserves (see preferredReading for why an amount's digits are not replaced), and the blank after a lone
 * currency mark gives up the amount the first reading lost.
 */

/** Amounts ("14.90", "RM1,250.00") and dates ("24-01-16", "06/09/2017"): the words fields are filled from. */
const AMOUNT_RE = /\d[.,]\d{2}(?!\d)/;
const DATE_RE = /\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}/;

/** Words read with less confidence than this are noise (speckles, stamps, bleed-through) and are dropped. */
export const MIN_WORD_CONFIDENCE = 0.2;

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
 * as "100.80"), while a date re-read on its own came back right ("24-01-14" → "24-01-16"); the totals are checked
 * by their arithmetic further on (fields/reconcile-totals.ts). The box stays the first reading's, measured on the page.
 */
export function preferredReading(first: RawWord, second: Array<Pick<RawWord, "text" | "confidence">>): RawWord {
  const reread = second.length === 1 ? second[0] : undefined;
  const shape = valueShape(first.text);
  if (!reread || shape === null || valueShape(reread.text) !== shape) return first;
  if (reread.confidence < MIN_REREAD_CONFIDENCE || reread.confidence < first.confidence + MIN_GAIN) return first;
  if (shape === "date") return { ...first, text: reread.text, confidence: reread.confidence };
  return digits(reread.text) === digits(first.text) ? { ...first, confidence: reread.confidence } : first;
}

/** Reads one cut-out image as a single line of text; boxes are in the cut-out's pixels. */
export type ReadLine = (png: Uint8Array) => Promise<RawWord[]>;

type Region = { x: number; y: number; w: number; h: number };

/** The page image the words were read from, and tesseract's deskewing turn (clockwise, radians) applied before. */
export type ReadPage = { png: Uint8Array; width: number; height: number; rotateRadians: number };

/**
 * The page as tesseract saw it: turned by its deskewing angle about the centre, same size, white brought in at the
 * corners (leptonica's pixRotate). Without the turn a crop at a 2° receipt's edge misses its word by a line height.
 */
function deskewedPage(page: ReadPage): Canvas {
  const image = new Image();
  image.src = Buffer.from(page.png);
  const canvas = createCanvas(page.width, page.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, page.width, page.height);
  ctx.translate(page.width / 2, page.height / 2);
  ctx.rotate(page.rotateRadians);
  ctx.translate(-page.width / 2, -page.height / 2);
  ctx.drawImage(image, 0, 0, page.width, page.height);
  return canvas;
}

async function cropRegion(page: Canvas, region: Region): Promise<{ png: Uint8Array; x: number; y: number }> {
  const x = Math.max(0, region.x);
  const y = Math.max(0, region.y);
  const w = Math.min(page.width, region.x + region.w) - x;
  const h = Math.min(page.height, region.y + region.h) - y;
  const canvas = createCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(page, x, y, w, h, 0, 0, canvas.width, canvas.height);
  return { png: new Uint8Array(await canvas.encode("png")), x, y };
}

/** A word's box grown by the crop margin on every side. */
function around(word: RawWord): Region {
  const margin = word.h * CROP_MARGIN;
  return { x: word.x - margin, y: word.y - margin, w: word.w + 2 * margin, h: word.h + 2 * margin };
}

/** A currency mark or code standing alone as a word: an amount should follow it on its row. */
const CURRENCY_MARK_RE = /^(?:RM|MYR|USD|EUR|GBP|CHF|SGD|HKD|AUD|CAD|INR|IDR|JPY|Rs\.?|Rp\.?|US\$|S\$|[$€£¥₹])$/iu;
/** An empty stretch after a mark narrower than this many word heights cannot hold a missed amount ("0.00"). */
const MIN_SLOT_HEIGHTS = 3;
/** The stretch read after a mark ends at the next word on the row, or this many word heights on. */
const MAX_SLOT_HEIGHTS = 12;
/** A missed amount is taken at this confidence or above. */
const MIN_SLOT_CONFIDENCE = 0.6;
/** At most this many empty stretches a page are read. */
const MAX_SLOT_READS = 10;

const centre = (word: RawWord) => word.y + word.h / 2;

/**
 * The stretches of a row after a currency mark where the first reading found nothing: "TOTAL … RM" with the amount
 * lost to a faint print. Each runs from the mark to the next word on its row (or a dozen word heights on).
 */
export function emptyAmountSlots(words: RawWord[], pageWidth: number): Region[] {
  const slots: Region[] = [];
  for (const mark of words) {
    if (!CURRENCY_MARK_RE.test(mark.text)) continue;
    const start = mark.x + mark.w;
    const next = words
      // A noise word (kept by nobody) does not fill the stretch: a lost amount often comes back as one ("1C.E0" at 0).
      .filter((other) => other !== mark && other.confidence >= MIN_WORD_CONFIDENCE && other.x + other.w > start && Math.abs(centre(other) - centre(mark)) < mark.h * 0.6)
      .reduce((end, other) => Math.min(end, other.x), Math.min(pageWidth, start + MAX_SLOT_HEIGHTS * mark.h));
    if (next - start < MIN_SLOT_HEIGHTS * mark.h) continue;
    const margin = mark.h * CROP_MARGIN;
    slots.push({ x: start, y: mark.y - margin, w: next - start, h: mark.h + 2 * margin });
  }
  return slots.slice(0, MAX_SLOT_READS);
}

/** What a read of an empty stretch adds: one amount read with fair confidence, placed back on the page; else nothing. */
export function missedAmount(found: RawWord[], offset: { x: number; y: number }): RawWord | null {
  const amounts = found.filter((word) => valueShape(word.text) === "amount" && word.confidence >= MIN_SLOT_CONFIDENCE);
  const [amount] = amounts;
  if (amounts.length !== 1 || !amount) return null;
  return { ...amount, x: amount.x + offset.x, y: amount.y + offset.y };
}

/**
 * A second look at a page's words: doubtful amounts and dates are read again each on its own (the surer reading
 * kept, see preferredReading), and the empty stretch after a lone currency mark is read for the amount the first
 * reading missed. Word boxes are in the pixels of `page` as tesseract read it (deskewed by `page.rotateRadians`).
 */
export async function secondLook(words: RawWord[], page: ReadPage, readLine: ReadLine): Promise<RawWord[]> {
  const doubtful = words.filter(isDoubtfulValue).slice(0, MAX_REREADS);
  const slots = emptyAmountSlots(words, page.width);
  if (doubtful.length === 0 && slots.length === 0) return words;
  const seen = deskewedPage(page);
  const better = new Map<RawWord, RawWord>();
  for (const word of doubtful) {
    const crop = await cropRegion(seen, around(word));
    better.set(word, preferredReading(word, await readLine(crop.png)));
  }
  const missed: RawWord[] = [];
  for (const slot of slots) {
    const crop = await cropRegion(seen, slot);
    const amount = missedAmount(await readLine(crop.png), crop);
    if (amount) missed.push(amount);
  }
  return [...words.map((word) => better.get(word) ?? word), ...missed];
}
