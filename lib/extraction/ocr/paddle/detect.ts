import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { detectorBands } from "./detector-bands";
import type { Raster } from "./raster";
import { normaliseInto } from "./raster";
import { guardedRun } from "./run-guard";
import { FloatScratch } from "./scratch";
import type { PaddleSessions } from "./sessions";

/**
 * Text detection (PP-OCRv4 DB detector): the model gives each pixel a probability of lying inside a text line's
 * shrunk core; cores above PIXEL_THRESHOLD are grouped into components, each becomes a rotated rectangle grown back
 * ("unclipped") to the line's full extent, as PaddleOCR's DBPostProcess does.
 */

/** A text line's region in the raster's pixels: centre, extent along and across the line, and its angle. */
export type TextRegion = { cx: number; cy: number; w: number; h: number; angle: number; score: number };

export const DET_MEAN = [0.485, 0.456, 0.406] as const;
export const DET_STD = [0.229, 0.224, 0.225] as const;
/** PaddleOCR's defaults (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio). */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/** Components narrower than this (map pixels) are specks. */
const MIN_SIDE = 3;
/** Below this length-to-height ratio a component's own orientation is noise: it takes the page's line angle. */
const MIN_ASPECT_FOR_ANGLE = 3;

/** The size the detector sees: the long side at most `maxSide`, both sides multiples of 32 (the network's stride). */
export function detectorSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round = (v: number) => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round(width), height: round(height) };
}

type Component = { n: number; sx: number; sy: number; sxx: number; syy: number; sxy: number; prob: number; pixels: number[] };

/** 8-connected components of the thresholded map, with the moments needed for their orientation. */
export function components(map: Float32Array, width: number, height: number, threshold = PIXEL_THRESHOLD): Component[] {
  const seen = new Uint8Array(width * height);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < map.length; start += 1) {
    if (seen[start] || map[start]! <= threshold) continue;
    const c: Component = { n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0, prob: 0, pixels: [] };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.n += 1;
      c.sx += x;
      c.sy += y;
      c.sxx += x * x;
      c.syy += y * y;
      c.sxy += x * y;
      c.prob += map[i]!;
      c.pixels.push(i);
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && map[j]! > threshold) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

/** A component's rotated rectangle: its principal axis (second moments) and the extents of its pixels along it. */
function rectangleOf(c: Component, width: number, angle: number | null): { cx: number; cy: number; w: number; h: number; angle: number } {
  const mx = c.sx / c.n;
  const my = c.sy / c.n;
  let theta = angle;
  if (theta === null) {
    const cxx = c.sxx / c.n - mx * mx;
    const cyy = c.syy / c.n - my * my;
    const cxy = c.sxy / c.n - mx * my;
    theta = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
  }
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (const i of c.pixels) {
    const x = (i % width) - mx;
    const y = Math.floor(i / width) - my;
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u + 1);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v + 1);
  }
  const cu = (minU + maxU) / 2;
  const cv = (minV + maxV) / 2;
  return { cx: mx + cu * cos - cv * sin, cy: my + cu * sin + cv * cos, w: maxU - minU, h: maxV - minV, angle: theta };
}

/** Median of the angles of long components (|angle| ≤ 45°): the page's skew, given to short ones. */
function pageAngle(rects: Array<{ w: number; h: number; angle: number }>): number {
  const angles = rects.filter((r) => r.w >= r.h * MIN_ASPECT_FOR_ANGLE && Math.abs(r.angle) <= Math.PI / 4).map((r) => r.angle).sort((a, b) => a - b);
  return angles.length === 0 ? 0 : angles[Math.floor(angles.length / 2)]!;
}

/** Grows a rectangle by PaddleOCR's unclip distance (area × ratio / perimeter) on every side. */
export function unclip(rect: { w: number; h: number }): { w: number; h: number } {
  const distance = (rect.w * rect.h * UNCLIP_RATIO) / (2 * (rect.w + rect.h));
  return { w: rect.w + 2 * distance, h: rect.h + 2 * distance };
}

/** Text-line regions from a probability map (map pixels); exported for tests on synthetic maps. */
export function regionsFromMap(map: Float32Array, width: number, height: number): TextRegion[] {
  const found = components(map, width, height)
    .filter((c) => c.n >= MIN_SIDE * MIN_SIDE && c.prob / c.n >= BOX_THRESHOLD)
    .map((c) => ({ c, rect: rectangleOf(c, width, null) }));
  const skew = pageAngle(found.map((f) => f.rect));
  const regions: TextRegion[] = [];
  for (const { c, rect: own } of found) {
    // Short components, and near-horizontal ones whose angle is their letters' shape rather than a slope, take the
    // page's skew; vertical lines (a sideways page) keep theirs so orientation can see them.
    const vertical = Math.abs(own.angle) > Math.PI / 4 && own.w >= own.h * 1.5;
    const rect = vertical || (own.w >= own.h * MIN_ASPECT_FOR_ANGLE && Math.abs(own.angle - skew) > 0.03) ? own : rectangleOf(c, width, skew);
    if (Math.min(rect.w, rect.h) < MIN_SIDE) continue;
    const grown = unclip(rect);
    regions.push({ cx: rect.cx, cy: rect.cy, w: grown.w, h: grown.h, angle: rect.angle, score: c.prob / c.n });
  }
  return regions;
}

/**
 * The most map pixels one detector run reads: a larger page's map is detected in bands (detector-bands.ts), so the
 * runtime's buffers, which it keeps for the thread's life, stay those of a 704 × 1,280 map instead of a letter page's
 * 992 × 1,280. Most receipts' maps are narrower (103 of the 118 dev and receipts-dev images) and run whole, as before.
 * Measured 2026-11-29, bench:ocr receipts-dev + dev images: peak RSS 616 → 518 / 532 MB, every field outcome the same, the
 * text of 12 of the 118 pages different, verbatim values 367 → 366 of 467; the sessions alone: a letter page's map
 * +200 MB over the loaded sessions, a 704 × 1,280 one +135. Smaller budgets (each band its own rows and 64 more on
 * each side) banded most receipts and read worse (576 × 1,280: 515 MB, fields F1 0.880 → 0.874; 500,000 pixels:
 * 476 MB, 0.866).
 */
export const DETECTOR_BAND_PIXELS = 704 * 1280;
/** Rows of context a band reads at least beyond the rows it keeps (two of the network's strides). */
export const DETECTOR_BAND_CONTEXT = 64;

/** The detector's input buffer, lent to each run in turn (scratch.ts); normaliseInto writes every float of it. */
const inputs = new FloatScratch();

/** The detector's probability map of a `size` canvas, run band by band (detector-bands.ts) and stitched. */
async function probabilityMap(sessions: PaddleSessions, canvas: Canvas, size: { width: number; height: number }): Promise<Float32Array> {
  const { ort, detection } = sessions;
  const ctx = canvas.getContext("2d");
  const bands = detectorBands(size.width, size.height, DETECTOR_BAND_PIXELS, DETECTOR_BAND_CONTEXT);
  const map = bands.length === 1 ? null : new Float32Array(size.width * size.height);
  for (const band of bands) {
    const rows = band.to - band.from;
    const rgba = ctx.getImageData(0, band.from, size.width, rows).data;
    const plane = size.width * rows;
    const input = inputs.take(3 * plane, { zeroed: false });
    normaliseInto(rgba, { width: size.width, height: rows }, input, { offset: 0, rowWidth: size.width, planeSize: plane }, { mean: DET_MEAN, std: DET_STD });
    const feeds = { [detection.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, rows, size.width]) };
    const output = await guardedRun(() => detection.run(feeds));
    const probabilities = output[detection.outputNames[0]!]!.data as Float32Array;
    if (!map) return probabilities;
    map.set(probabilities.subarray((band.keepFrom - band.from) * size.width, (band.keepTo - band.from) * size.width), band.keepFrom * size.width);
  }
  return map!;
}

/** Detects text lines on a raster; regions come back in the raster's pixels. */
export async function detectText(sessions: PaddleSessions, raster: Raster, maxSide: number): Promise<TextRegion[]> {
  const size = detectorSize(raster.width, raster.height, maxSide);
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext("2d").drawImage(raster.canvas, 0, 0, size.width, size.height);
  const map = await probabilityMap(sessions, canvas, size);
  const sx = raster.width / size.width;
  const sy = raster.height / size.height;
  return regionsFromMap(map, size.width, size.height).map((r) => {
    // Map pixels back to raster pixels; the two scales differ slightly (rounding to 32), so the angle is redone.
    const dx = Math.cos(r.angle);
    const dy = Math.sin(r.angle);
    const angle = Math.atan2(dy * sy, dx * sx);
    const along = Math.hypot(dx * sx, dy * sy);
    const across = Math.hypot(-dy * sx, dx * sy);
    return { cx: r.cx * sx, cy: r.cy * sy, w: r.w * along, h: r.h * across, angle, score: r.score };
  });
}
