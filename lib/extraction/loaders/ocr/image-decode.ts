import { Image, createCanvas, type Canvas } from "@napi-rs/canvas";
import * as UTIF from "utif2";
import { releaseDecodedPixels } from "../../ocr/paddle/raster";
import { decodeJpegScaled, scalableJpeg } from "./jpeg-scaled";
import { ocrSize } from "./ocr-size";
import { decodePngScaled, scalablePng } from "./png-scaled";
import { thickenThinText } from "./thin-strokes";

/** Images above this pixel count are refused: a 20k × 20k bitmap would exhaust memory before OCR starts. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** OCR takes about a second a page, so more pages than this cannot finish within the extraction time limit. */
const MAX_TIFF_PAGES = 200;

/**
 * A page image ready for OCR: its PNG encoding (made on first use and kept), and, for a single image file, the decoded
 * pixels themselves, which PP-OCR reads without the PNG round trip (encoding a receipt photo as PNG costs ~0.1 s of
 * CPU, and only tesseract needs it). TIFF pages keep only their PNG: a 200-page fax as bitmaps would not fit in memory.
 */
export type DecodedImage = { png: () => Promise<Uint8Array>; width: number; height: number; pixels?: Canvas };

/** The PNG of a canvas, encoded when first asked for. */
function lazyPng(canvas: Canvas): () => Promise<Uint8Array> {
  let encoded: Promise<Uint8Array> | null = null;
  return () => (encoded ??= canvas.encode("png").then((buffer) => new Uint8Array(buffer)));
}

function checkSize(width: number, height: number): void {
  if (!width || !height) throw new Error("The image could not be decoded");
  if (width * height > MAX_IMAGE_PIXELS) throw new Error(`The image is too large (${width} × ${height} px)`);
}

function scaledImage(source: Image | Canvas, width: number, height: number): DecodedImage & { pixels: Canvas } {
  const { width: w, height: h, scale } = ocrSize(width, height);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(source, 0, 0, w, h);
  // The full-size decode goes before the scaled copy's pixels are read and thickened: never two full-size copies.
  if (source instanceof Image) releaseDecodedPixels(source);
  const bitmap = ctx.getImageData(0, 0, w, h);
  if (thickenThinText(bitmap.data, w, h, scale)) ctx.putImageData(bitmap, 0, 0);
  return { png: lazyPng(canvas), width: w, height: h, pixels: canvas };
}

function isTiff(bytes: Uint8Array): boolean {
  return (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a) || (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[3] === 0x2a);
}

/** TIFF (often multi-page faxes and scans) through utif2; each page is checked for size before it is decoded. */
async function tiffPages(bytes: Uint8Array): Promise<DecodedImage[]> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const ifds = UTIF.decode(buffer);
  // Every page is decoded before page selection: a fax of thousands of pages is refused rather than decoded.
  if (ifds.length > MAX_TIFF_PAGES) throw new Error(`The TIFF has ${ifds.length} pages; Quarry reads at most ${MAX_TIFF_PAGES} pages of an image file`);
  const out: DecodedImage[] = [];
  for (const ifd of ifds) {
    const tags = ifd as unknown as Record<string, number[] | undefined>;
    checkSize(tags.t256?.[0] ?? 0, tags.t257?.[0] ?? 0);
    UTIF.decodeImage(buffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    const canvas = createCanvas(ifd.width, ifd.height);
    const ctx = canvas.getContext("2d");
    const data = ctx.createImageData(ifd.width, ifd.height);
    data.data.set(rgba);
    ctx.putImageData(data, 0, 0);
    const scaled = scaledImage(canvas, ifd.width, ifd.height);
    const png = new Uint8Array(await scaled.pixels.encode("png"));
    out.push({ png: () => Promise.resolve(png), width: scaled.width, height: scaled.height });
  }
  return out;
}

/** Decodes an image (PNG, JPEG, WebP, GIF, BMP via @napi-rs/canvas; TIFF via utif2) into OCR-ready PNG pages. */
export async function prepareImagePages(bytes: Uint8Array): Promise<DecodedImage[]> {
  if (isTiff(bytes)) return tiffPages(bytes);
  return [await prepareImageForOcr(bytes)];
}

/**
 * A PNG larger than OCR's scale, decoded row by row straight to that scale (png-scaled.ts): the full-size bitmap never
 * exists. Null when the PNG is not one png-scaled.ts reads, or needs no shrinking.
 */
async function shrunkPng(bytes: Uint8Array): Promise<(DecodedImage & { pixels: Canvas }) | null> {
  const png = scalablePng(bytes);
  if (!png) return null;
  checkSize(png.width, png.height);
  const { width: w, height: h, scale } = ocrSize(png.width, png.height);
  if (scale >= 1) return null;
  return canvasOf(await decodePngScaled(png, w, h), w, h, scale);
}

/**
 * A JPEG at least twice OCR's size, decoded scaled by libvips (jpeg-scaled.ts): the full-size bitmap never exists and
 * the decoder skips most of its work. Null for any other image.
 */
async function shrunkJpeg(bytes: Uint8Array): Promise<(DecodedImage & { pixels: Canvas }) | null> {
  const jpeg = await scalableJpeg(bytes);
  if (!jpeg) return null;
  checkSize(jpeg.width, jpeg.height);
  const { width: w, height: h, scale } = ocrSize(jpeg.width, jpeg.height);
  return canvasOf(await decodeJpegScaled(bytes, w, h, MAX_IMAGE_PIXELS), w, h, scale);
}

/** A canvas of pixels decoded at OCR's size, thin text thickened as the canvas path does. */
function canvasOf(rgba: Uint8ClampedArray, w: number, h: number, scale: number): DecodedImage & { pixels: Canvas } {
  thickenThinText(rgba, w, h, scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  const data = ctx.createImageData(w, h);
  data.data.set(rgba);
  ctx.putImageData(data, 0, 0);
  return { png: lazyPng(canvas), width: w, height: h, pixels: canvas };
}

/** Reads an image's size from its header and re-encodes it as PNG at an OCR-friendly scale. */
export async function prepareImageForOcr(bytes: Uint8Array): Promise<DecodedImage> {
  const shrunk = (await shrunkPng(bytes)) ?? (await shrunkJpeg(bytes));
  if (shrunk) return shrunk;
  const image = new Image();
  image.src = Buffer.from(bytes);
  checkSize(image.width, image.height);
  return scaledImage(image, image.width, image.height);
}
