/**
 * Line crops of page images as the recogniser sees them (the product's decoding, detection and cropping), for the
 * offline tooling of the int8 recogniser: calibration and the float/int8 comparison. Only the training corpus is fed
 * to them; the dev sets are measured with bench:ocr.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { prepareImageForOcr } from "../../lib/extraction/loaders/ocr/image-decode";
import { cropRegion, type LineCrop } from "../../lib/extraction/ocr/paddle/crop";
import { detectText, type TextRegion } from "../../lib/extraction/ocr/paddle/detect";
import { rasterFromPng, type Raster } from "../../lib/extraction/ocr/paddle/raster";
import { DETECTOR_MAX_SIDE } from "../../lib/extraction/ocr/paddle/read-page";
import { paddleSessions } from "../../lib/extraction/ocr/paddle/sessions";

const IMAGE = /\.(png|jpe?g)$/i;

/** Every `step`-th image of a folder (sorted by name), from `offset`, at most `count` of them. */
export function sampleImages(dir: string, options: { count: number; step: number; offset: number }): string[] {
  const files = readdirSync(dir).filter((f) => IMAGE.test(f)).sort();
  const picked: string[] = [];
  for (let i = options.offset; i < files.length && picked.length < options.count; i += options.step) picked.push(path.join(dir, files[i]!));
  return picked;
}

/** A page's decoded raster and the line regions the detector found on it. */
export async function pageRegions(file: string): Promise<{ raster: Raster; regions: TextRegion[] }> {
  const sessions = await paddleSessions();
  const decoded = await prepareImageForOcr(new Uint8Array(readFileSync(file)));
  const raster: Raster = decoded.pixels
    ? { canvas: decoded.pixels, width: decoded.width, height: decoded.height }
    : rasterFromPng(await decoded.png());
  return { raster, regions: await detectText(sessions, raster, DETECTOR_MAX_SIDE) };
}

export async function lineCrops(file: string): Promise<LineCrop[]> {
  const { raster, regions } = await pageRegions(file);
  return regions.map((region) => cropRegion(raster, region));
}

/** A crop as the recogniser's input tensor data (what recogniseLines feeds for a batch of one). */
export { normaliseInto } from "../../lib/extraction/ocr/paddle/raster";
