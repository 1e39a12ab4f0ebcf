import type { Canvas } from "@napi-rs/canvas";
import type { RawWord } from "../../layout/build-page";
import { timed, timedAsync } from "../../stage-timing";
import type { PageRotation } from "../../types";
import { mostlyUpsideDown, upsideDownProbabilities } from "./classify";
import { cropRegion } from "./crop";
import { detectText, type TextRegion } from "./detect";
import { rasterFromPng, turnRaster, type Raster } from "./raster";
import { recogniseLines, wordsOfLines } from "./recognize";
import { paddleSessions, type PaddleSessions } from "./sessions";

/**
 * Longest side the detector sees; its cost grows with the pixel count. Measured on two dev receipts (CPU time,
 * 2026-11-26): detection 0.3–0.5 s at 1280 against 1.4–1.8 s of recognition, so the detector is not what limits a
 * page. PaddleOCR's default of 960 would shrink a tall receipt's 8 pt print to ~6 px on the map; 1280 keeps ~8 px.
 * 1600 read worse (2026-11-28, receipts-dev half a: fields F1 0.861 → 0.826, verbatim values 120 → 117 of 148) at
 * ~20 % more CPU.
 */
export const DETECTOR_MAX_SIDE = 1280;

/** PP-OCR's steps as stages of the engine's profile (stage-timing.ts). */
export const STAGES = {
  sessions: "PP-OCR › sessions (first page of a thread)",
  decode: "PP-OCR › raster",
  detection: "PP-OCR › detection",
  crops: "PP-OCR › line crops",
  classifier: "PP-OCR › angle classifier",
  recognition: "PP-OCR › recognition",
  words: "PP-OCR › words",
} as const;

/** Lines the angle classifier looks at to decide whether a page is upside down. */
const ORIENTATION_SAMPLE = 16;

export type PaddleReading = {
  /** Words in the pixels of the upright page (the image turned by `rotation`). */
  words: RawWord[];
  width: number;
  height: number;
  /** Clockwise turn applied to the image before reading (0 when `orient` is off or the page was upright). */
  rotation: PageRotation;
};

export type PaddleReadOptions = {
  /** Find the page's orientation (sideways or upside-down scans); regions inside a PDF page keep the page's. */
  orient?: boolean;
  maxSide?: number;
};

/** Most of the text (by length) runs down the page: the page lies a quarter turn off. */
export function mostlyVertical(regions: TextRegion[]): boolean {
  let vertical = 0;
  let total = 0;
  for (const r of regions) {
    total += r.w;
    if (Math.abs(r.angle) > Math.PI / 4) vertical += r.w;
  }
  return total > 0 && vertical > total * 0.6;
}

/**
 * Sample lines the classifier is asked about in one run. Four longest lines often hold half the sample's length, and a
 * run's cost is its lines': an upright page is settled after one or two runs instead of sixteen lines.
 */
const ORIENTATION_BATCH = 4;

/** Below this skew (radians, ~0.3°) words stay where they were read. */
const MIN_SKEW = 0.005;

/**
 * The page's skew: the median angle of its long, near-horizontal lines (the detector measures each line's angle).
 * Short lines' angles are their letters' shape, not the page's.
 */
export function pageSkew(regions: TextRegion[]): number {
  const angles = regions
    .filter((r) => r.w >= r.h * 4 && Math.abs(r.angle) < Math.PI / 12)
    .map((r) => r.angle)
    .sort((a, b) => a - b);
  return angles.length < 3 ? 0 : angles[Math.floor(angles.length / 2)]!;
}

/**
 * Words placed as on the page turned level: each word's centre turned by −skew about the page's centre (its size
 * kept). A photo or scan a degree or two off drops a receipt's right-hand amounts below their labels' row ("TOTAL"
 * … "RM 5.00" half a line lower at the far edge), so the layout would no longer pair them. Tesseract's reading is
 * deskewed the same way (rotateAuto) before its words are boxed.
 */
export function levelWords(words: RawWord[], skew: number, size: { width: number; height: number }): RawWord[] {
  if (Math.abs(skew) < MIN_SKEW) return words;
  const cos = Math.cos(-skew);
  const sin = Math.sin(-skew);
  const cx = size.width / 2;
  const cy = size.height / 2;
  return words.map((word) => {
    const x = word.x + word.w / 2 - cx;
    const y = word.y + word.h / 2 - cy;
    return { ...word, x: cx + x * cos - y * sin - word.w / 2, y: cy + x * sin + y * cos - word.h / 2 };
  });
}

/** A word box in a page turned 180°. */
function turnedHalf(word: RawWord, raster: Raster): RawWord {
  return { ...word, x: raster.width - word.x - word.w, y: raster.height - word.y - word.h };
}

async function readRaster(sessions: PaddleSessions, raster: Raster, options: Required<PaddleReadOptions>, rotation: PageRotation): Promise<PaddleReading> {
  // Each step is a stage of bench:extract's and bench:ocr's profile (free when no profile is recording).
  const regions = await timedAsync(STAGES.detection, () => detectText(sessions, raster, options.maxSide));
  if (options.orient && rotation === 0 && mostlyVertical(regions)) {
    return readRaster(sessions, turnRaster(raster, 90), options, 90);
  }
  let crops = timed(STAGES.crops, () => regions.map((region) => cropRegion(raster, region)));
  // The page's orientation is judged on its longest lines: short ones ("S", "1 X") are the classifier's weakest calls,
  // and a page turns as a whole.
  const sample = [...crops].sort((a, b) => b.region.w - a.region.w).slice(0, ORIENTATION_SAMPLE);
  const pageUpsideDown =
    options.orient && (await timedAsync(STAGES.classifier, () => mostlyUpsideDown(sample, (lines) => upsideDownProbabilities(sessions, lines), ORIENTATION_BATCH)));
  // Lines follow the page: on upright dev receipts the classifier called ~5 % of the short lines ("8.90 S", "GST 0%")
  // upside down with confidence, and reading those turned garbled them.
  if (pageUpsideDown) crops = timed(STAGES.crops, () => crops.map((crop) => cropRegion(raster, crop.region, { flipped: true })));
  const lines = await timedAsync(STAGES.recognition, () => recogniseLines(sessions, crops));
  const words = timed(STAGES.words, () => levelWords(wordsOfLines(lines), pageSkew(regions), raster));
  if (!pageUpsideDown) return { words, width: raster.width, height: raster.height, rotation };
  return { words: words.map((word) => turnedHalf(word, raster)), width: raster.width, height: raster.height, rotation: ((rotation + 180) % 360) as PageRotation };
}

/** Reads a page image (PNG/JPEG bytes) with PP-OCR: detection, angle classification, recognition, words. */
export async function readWithPaddle(image: Uint8Array | Canvas, options: PaddleReadOptions = {}): Promise<PaddleReading> {
  const sessions = await timedAsync(STAGES.sessions, () => paddleSessions());
  // Decoded pixels are read as they are; PNG bytes are decoded first.
  const raster = image instanceof Uint8Array ? timed(STAGES.decode, () => rasterFromPng(image)) : { canvas: image, width: image.width, height: image.height };
  return readRaster(sessions, raster, { orient: options.orient ?? false, maxSide: options.maxSide ?? DETECTOR_MAX_SIDE }, 0);
}
