import { createCanvas } from "@napi-rs/canvas";
import type { TextRegion } from "./detect";
import type { Raster } from "./raster";

/** A line cut out of the page, straightened and scaled to the recogniser's height. */
export type LineCrop = { region: TextRegion; width: number; height: number; rgba: Uint8ClampedArray; flipped: boolean };

/** PP-OCRv4's recogniser reads lines 48 px high. */
export const REC_HEIGHT = 48;
/** Lines longer than this (px at recogniser height) are squeezed: a full-width rule of text is rare and slow. */
const MAX_REC_WIDTH = 2400;

/**
 * Cuts a region out of the raster turned level (its angle undone), scaled so its height is `height` px, optionally
 * turned 180° (a line the classifier found upside down).
 */
export function cropRegion(raster: Raster, region: TextRegion, options: { height?: number; flipped?: boolean } = {}): LineCrop {
  const height = options.height ?? REC_HEIGHT;
  const scale = height / Math.max(1, region.h);
  const width = Math.max(8, Math.min(MAX_REC_WIDTH, Math.round(region.w * scale)));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  if (options.flipped) ctx.rotate(Math.PI);
  ctx.scale(width / Math.max(1, region.w), scale);
  ctx.rotate(-region.angle);
  ctx.translate(-region.cx, -region.cy);
  ctx.drawImage(raster.canvas, 0, 0);
  return { region, width, height, rgba: ctx.getImageData(0, 0, width, height).data, flipped: options.flipped === true };
}
