import { Image, createCanvas, type Canvas } from "@napi-rs/canvas";

/** A decoded page image kept on a canvas: crops and resizes are drawn from it. */
export type Raster = { canvas: Canvas; width: number; height: number };

/**
 * Frees an Image's decoded pixels once they have been drawn. @napi-rs/canvas decodes on the first draw and keeps the
 * bitmap until the Image is finalised, which a GC does not do promptly: an 11.5-megapixel PNG stayed 46 MB resident
 * through the page's detection after `image = null` and two GCs (2026-11-29); an empty source drops it at once.
 */
export function releaseDecodedPixels(image: Image): void {
  image.src = Buffer.alloc(0);
}

export function rasterFromPng(png: Uint8Array): Raster {
  const image = new Image();
  image.src = Buffer.from(png);
  const { width, height } = image;
  if (!width || !height) throw new Error("The image could not be decoded");
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0);
  releaseDecodedPixels(image);
  return { canvas, width, height };
}

/** The raster turned clockwise by a quarter-turn multiple (pixels map exactly). */
export function turnRaster(raster: Raster, degrees: 0 | 90 | 180 | 270): Raster {
  if (degrees === 0) return raster;
  const { width: w, height: h } = raster;
  const quarter = degrees === 90 || degrees === 270;
  const canvas = createCanvas(quarter ? h : w, quarter ? w : h);
  const ctx = canvas.getContext("2d");
  if (degrees === 90) ctx.setTransform(0, 1, -1, 0, h, 0);
  else if (degrees === 180) ctx.setTransform(-1, 0, 0, -1, w, h);
  else ctx.setTransform(0, -1, 1, 0, 0, w);
  ctx.drawImage(raster.canvas, 0, 0);
  return { canvas, width: canvas.width, height: canvas.height };
}

/**
 * Converts RGBA pixels into a planar float tensor in PaddleOCR's channel order (BGR, as OpenCV reads images) with
 * per-channel (value / 255 − mean) / std, written into `out` at `offset` with row stride `rowWidth`. One pass over
 * the pixels, each read as one 32-bit word (little-endian: R is its low byte) and written to the three planes: three
 * strided passes, one a channel, cost ~3× as much on a detector input (18 → 7 ms for 896 × 1,280, same numbers).
 */
export function normaliseInto(
  rgba: Uint8ClampedArray,
  size: { width: number; height: number },
  out: Float32Array,
  layout: { offset: number; rowWidth: number; planeSize: number },
  norm: { mean: readonly number[]; std: readonly number[] },
): void {
  const { width, height } = size;
  // Table c normalises plane c (B, G, R in turn: norm.mean[0] is the B plane's, as PaddleOCR applies it to BGR).
  const [blue, green, red] = normalisationTables(norm) as [Float32Array, Float32Array, Float32Array];
  const pixels = pixelWords(rgba, width * height);
  const b0 = layout.offset;
  const g0 = b0 + layout.planeSize;
  const r0 = g0 + layout.planeSize;
  for (let y = 0; y < height; y += 1) {
    let source = y * width;
    const row = y * layout.rowWidth;
    for (let x = 0; x < width; x += 1, source += 1) {
      const word = pixels[source]!;
      const target = row + x;
      out[b0 + target] = blue[(word >>> 16) & 255]!;
      out[g0 + target] = green[(word >>> 8) & 255]!;
      out[r0 + target] = red[word & 255]!;
    }
  }
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** RGBA pixels as 32-bit words, R in the low byte (copied when the bytes are not 4-aligned or the CPU is big-endian). */
function pixelWords(rgba: Uint8ClampedArray, count: number): Uint32Array {
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) return new Uint32Array(rgba.buffer, rgba.byteOffset, count);
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) words[i] = (rgba[i * 4]! | (rgba[i * 4 + 1]! << 8) | (rgba[i * 4 + 2]! << 16) | (rgba[i * 4 + 3]! << 24)) >>> 0;
  return words;
}

/** Tables by the mean and std arrays (module constants of the detector and recogniser): no key is built per line. */
const tableCache = new WeakMap<readonly number[], WeakMap<readonly number[], Float32Array[]>>();

/**
 * (value / 255 − mean) / std for each of the 256 values of each channel, computed once per normalisation: the same
 * numbers as computing it per pixel, at a table lookup's cost (a page's detector input is ~0.7 million pixels).
 */
function normalisationTables(norm: { mean: readonly number[]; std: readonly number[] }): Float32Array[] {
  let byStd = tableCache.get(norm.mean);
  if (!byStd) tableCache.set(norm.mean, (byStd = new WeakMap()));
  let tables = byStd.get(norm.std);
  if (!tables) {
    tables = [0, 1, 2].map((c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - norm.mean[c]!) / norm.std[c]!));
    byStd.set(norm.std, tables);
  }
  return tables;
}

/** Grey levels (0–255) of RGBA pixels. */
export function greyLevels(rgba: Uint8ClampedArray): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < grey.length; i += 1) grey[i] = (rgba[i * 4]! * 299 + rgba[i * 4 + 1]! * 587 + rgba[i * 4 + 2]! * 114) / 1000;
  return grey;
}
