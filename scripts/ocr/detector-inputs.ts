/**
 * Detector inputs of page images as the product makes them (decoding, the detector's size, its bands and its
 * normalisation; detect.ts), for the offline tooling of an int8 detector: calibration and the float/int8 comparison.
 * Only the training corpus is fed to them.
 */
import { readFileSync } from "node:fs";
import { createCanvas } from "@napi-rs/canvas";
import { prepareImageForOcr } from "../../lib/extraction/loaders/ocr/image-decode";
import { DET_MEAN, DET_STD, DETECTOR_BAND_CONTEXT, DETECTOR_BAND_PIXELS, detectorSize } from "../../lib/extraction/ocr/paddle/detect";
import { detectorBands } from "../../lib/extraction/ocr/paddle/detector-bands";
import { normaliseInto, rasterFromPng, type Raster } from "../../lib/extraction/ocr/paddle/raster";
import { DETECTOR_MAX_SIDE } from "../../lib/extraction/ocr/paddle/read-page";

/** The detector's inputs for one page image: one tensor a band, as detect.ts feeds them. */
export async function detectorInputs(file: string): Promise<Array<{ data: Float32Array; dims: number[] }>> {
  const decoded = await prepareImageForOcr(new Uint8Array(readFileSync(file)));
  const raster: Raster = decoded.pixels ? { canvas: decoded.pixels, width: decoded.width, height: decoded.height } : rasterFromPng(await decoded.png());
  const size = detectorSize(raster.width, raster.height, DETECTOR_MAX_SIDE);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(raster.canvas, 0, 0, size.width, size.height);
  return detectorBands(size.width, size.height, DETECTOR_BAND_PIXELS, DETECTOR_BAND_CONTEXT).map((band) => {
    const rows = band.to - band.from;
    const plane = size.width * rows;
    const data = new Float32Array(3 * plane);
    normaliseInto(ctx.getImageData(0, band.from, size.width, rows).data, { width: size.width, height: rows }, data, { offset: 0, rowWidth: size.width, planeSize: plane }, { mean: DET_MEAN, std: DET_STD });
    return { data, dims: [1, 3, rows, size.width] };
  });
}
