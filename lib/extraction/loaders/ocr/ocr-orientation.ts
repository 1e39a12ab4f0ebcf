import { Image, createCanvas } from "@napi-rs/canvas";
import type { Page, PageRotation } from "../../types";
import { ocrImage, type ImageSize, type Segmentation } from "./ocr";

/*
 * Sideways and upside-down scans (issue 4). tesseract's own orientation detection (OSD, legacy engine) was tried and
 * dropped: on the dev receipts it called 10 of 36 upright pages upside down and cost ~0.65 s a page. The reading
 * itself is the better witness: an upright page reads as words, a page turned 180° reads as confident-looking
 * fragments, and a page turned a quarter turn comes back as vertical text under automatic segmentation (tesseract
 * rotates vertical lines one way only, so one of the two quarter turns even reads well, but its boxes run down the
 * page). So the page is read as it is, and only a reading that looks poor is examined and tried again turned.
 */

/** A token shaped like a word of running text: a word of three letters or more, lower-case or all caps, or a number. */
const WORD_SHAPE = /^(?:\p{L}\p{Ll}{2,}|\p{Lu}{3,}|\d(?:[\d.,:/-]*\d)?)[.:,;)]?$/u;
/** Word confidence (0–1) from which a word-shaped token counts as read. */
const READ_CONFIDENCE = 0.6;
/**
 * Share of read words above which a horizontal reading is taken as upright. Measured with automatic segmentation,
 * upright dev receipts read 0.38–0.81 (three of 36 under this) and the same receipts turned 180° or 270° at most
 * 0.34; with the one-block reading, 14 of 14 sampled upright pages stayed and 41 of 42 turned ones came back.
 */
const UPRIGHT_READ_SHARE = 0.45;
/** A turned reading must beat the one it replaces by this factor: a poor upright page is not turned on noise. */
const BETTER_BY = 1.25;

export type Reading = {
  /** Every word tesseract kept. */
  words: number;
  /** Word-shaped tokens read with confidence of at least READ_CONFIDENCE. */
  read: number;
  /** Sum of the confidences of word-shaped tokens: mean confidence × words, counting only plausible words. */
  score: number;
  /** Most words of three or more characters are taller than wide: the lines run down the page. */
  vertical: boolean;
};

export function assessReading(page: Page): Reading {
  const words = page.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
  let read = 0;
  let score = 0;
  let long = 0;
  let tall = 0;
  for (const word of words) {
    if (WORD_SHAPE.test(word.text)) {
      score += word.confidence;
      if (word.confidence >= READ_CONFIDENCE) read += 1;
    }
    if (word.text.length >= 3) {
      long += 1;
      if (word.box.h * page.height > word.box.w * page.width) tall += 1;
    }
  }
  return { words: words.length, read, score, vertical: long > 0 && tall > long / 2 };
}

/** Nothing to orient by (a blank page), or horizontal lines that read as words. */
export function looksUpright(reading: Reading): boolean {
  return reading.words === 0 || (!reading.vertical && reading.read >= reading.words * UPRIGHT_READ_SHARE);
}

/**
 * The turns worth trying after a reading that does not look upright, most likely first. Horizontal lines can only
 * be upside down. Vertical lines that read well are the quarter turn clockwise that tesseract reads as vertical
 * text (undone by 270); poorly read ones are more likely the other quarter turn.
 */
export function turnsToTry(reading: Reading): PageRotation[] {
  if (!reading.vertical) return [180];
  return reading.read >= reading.words * UPRIGHT_READ_SHARE ? [270, 90] : [90, 270];
}

/** Vertical lines make a page model of one-word columns: such a reading only stands when no turn reads at all. */
function usefulScore(reading: Reading): number {
  return reading.vertical ? 0 : reading.score;
}

export type ReadTurned = (rotation: PageRotation, segmentation: Segmentation) => Promise<Page>;

/**
 * Reads a page as it is and, when that reading looks poor, turned; keeps the best reading. Upright pages that read
 * well cost nothing more. The default reading treats the page as one block of horizontal lines, which hides a
 * sideways page's vertical text, so a poor page is read once more with automatic segmentation: that reading tells
 * vertical lines (a quarter turn) from fragments (upside down). A turned page costs two or three more readings.
 */
export async function readUpright(readTurned: ReadTurned): Promise<Page> {
  const first = await readTurned(0, "block");
  const firstReading = assessReading(first);
  if (looksUpright(firstReading)) return { ...first, rotation: 0 };
  const auto = await readTurned(0, "auto");
  const autoReading = assessReading(auto);
  let best: { page: Page; rotation: PageRotation; score: number } = { page: first, rotation: 0, score: usefulScore(firstReading) };
  if (usefulScore(autoReading) > best.score * BETTER_BY) best = { page: auto, rotation: 0, score: usefulScore(autoReading) };
  if (looksUpright(autoReading)) return { ...best.page, rotation: 0 };
  for (const rotation of turnsToTry(autoReading)) {
    const page = await readTurned(rotation, "block");
    const reading = assessReading(page);
    if (usefulScore(reading) > best.score * BETTER_BY) best = { page, rotation, score: usefulScore(reading) };
    if (best.page === page && looksUpright(reading)) break;
  }
  return { ...best.page, rotation: best.rotation };
}

/** Turns a PNG clockwise by a quarter-turn multiple; the pixels map exactly, without resampling. */
export async function turnPng(png: Uint8Array, size: ImageSize, rotation: PageRotation): Promise<{ png: Uint8Array } & ImageSize> {
  if (rotation === 0) return { png, ...size };
  const { width: w, height: h } = size;
  const turned = uprightSize(size, rotation);
  const image = new Image();
  image.src = Buffer.from(png);
  const canvas = createCanvas(turned.width, turned.height);
  const ctx = canvas.getContext("2d");
  // (x, y) → (h − y, x) for 90°, (w − x, h − y) for 180°, (y, w − x) for 270°.
  if (rotation === 90) ctx.setTransform(0, 1, -1, 0, h, 0);
  else if (rotation === 180) ctx.setTransform(-1, 0, 0, -1, w, h);
  else ctx.setTransform(0, -1, 1, 0, 0, w);
  ctx.drawImage(image, 0, 0, w, h);
  return { png: new Uint8Array(await canvas.encode("png")), ...turned };
}

/** A page's size after a clockwise turn. */
export function uprightSize(size: ImageSize, rotation: PageRotation | undefined): ImageSize {
  return rotation === 90 || rotation === 270 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
}

/** OCRs a page image on its own (an image file, a scanned PDF page), turned upright first when it is sideways. */
export function ocrImageUpright(image: Uint8Array, size: ImageSize, pageNumber: number): Promise<Page> {
  return readUpright(async (rotation, segmentation) => {
    const turned = await turnPng(image, size, rotation);
    return ocrImage(turned.png, turned, pageNumber, segmentation);
  });
}
