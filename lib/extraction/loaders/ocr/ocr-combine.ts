import { buildPage, type RawWord } from "../../layout/build-page";
import type { Box, Page, Word } from "../../types";

/**
 * Two readings of one page combined: PP-OCR's words stand (they read digits and names better, see the README), and
 * tesseract's words fill the places where PP-OCR's detector found no text at all, when tesseract read them with
 * fair confidence. Readings of a page turned differently are not mixed: PP-OCR's stands alone.
 */

/** A tesseract word joins only when read at least this surely. */
const FILL_CONFIDENCE = 0.7;
/** …and when at most this share of its box is covered by PP-OCR's words. */
const MAX_COVERED = 0.2;

const words = (page: Page): Word[] => page.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Share of a box covered by any of the boxes. */
export function coveredShare(box: Box, others: Box[]): number {
  const area = box.w * box.h;
  if (area <= 0) return 1;
  return Math.min(1, others.reduce((sum, other) => sum + overlap(box, other), 0) / area);
}

const toRaw = (word: Word, page: Page): RawWord => ({
  text: word.text,
  confidence: word.confidence,
  x: word.box.x * page.width,
  y: word.box.y * page.height,
  w: word.box.w * page.width,
  h: word.box.h * page.height,
});

export function combineReadings(paddle: Page, tesseract: Page): Page {
  if ((paddle.rotation ?? 0) !== (tesseract.rotation ?? 0)) return paddle;
  const base = words(paddle);
  const boxes = base.map((word) => word.box);
  const fills = words(tesseract).filter((word) => word.confidence >= FILL_CONFIDENCE && coveredShare(word.box, boxes) <= MAX_COVERED);
  if (fills.length === 0) return paddle;
  const raw = [...base.map((word) => toRaw(word, paddle)), ...fills.map((word) => toRaw(word, paddle))];
  return { ...buildPage(paddle.number, paddle.width, paddle.height, "ocr", raw), rotation: paddle.rotation };
}
