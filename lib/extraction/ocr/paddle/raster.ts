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
 * per-channel (value / 255 − mean) / std, written into `out` at `offset` with row stride `rowWidth`.
 */
export function normaliseInto(
  rgba: Uint8ClampedArray,
  size: { width: number; height: number },
  out: Float32Array,
  layout: { offset: number; rowWidth: number; planeSize: number },
  norm: { mean: readonly number[]; std: readonly number[] },
): void {
  const { width, height } = size;
  const tables = normalisationTables(norm);
  for (let c = 0; c < 3; c += 1) {
    // Plane c holds B, G, R in turn: RGBA index 2 − c.
    const table = tables[c]!;
    const channel = 2 - c;
    const plane = layout.offset + c * layout.planeSize;
    for (let y = 0; y < height; y += 1) {
      let source = y * width * 4 + channel;
      let target = plane + y * layout.rowWidth;
      for (let x = 0; x < width; x += 1, source += 4, target += 1) out[target] = table[rgba[source]!]!;
    }
  }
}

const tableCache = new Map<string, Float32Array[]>();

/**
 * (value / 255 − mean) / std for each of the 256 values of each channel, computed once per normalisation: the same
 * numbers as computing it per pixel, at a table lookup's cost (a page's detector input is ~0.7 million pixels).
 */
function normalisationTables(norm: { mean: readonly number[]; std: readonly number[] }): Float32Array[] {
  const key = `${norm.mean.join(",")}/${norm.std.join(",")}`;
  let tables = tableCache.get(key);
  if (!tables) {
    tables = [0, 1, 2].map((c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - norm.mean[c]!) / norm.std[c]!));
    tableCache.set(key, tables);
  }
  return tables;
}

/** Grey levels (0–255) of RGBA pixels. */
export function greyLevels(rgba: Uint8ClampedArray): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < grey.length; i += 1) grey[i] = (rgba[i * 4]! * 299 + rgba[i * 4 + 1]! * 587 + rgba[i * 4 + 2]! * 114) / 1000;
  return grey;
}
