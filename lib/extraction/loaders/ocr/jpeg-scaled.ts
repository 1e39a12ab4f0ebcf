import sharp from "sharp";
import { shrinksOnLoad } from "./ocr-size";

/**
 * Large JPEG photos decoded straight to OCR's size by libvips (sharp): its JPEG loader scales by 1/2, 1/4 or 1/8 while
 * decoding and reads the file a strip at a time, so a 4,961 × 7,016 phone photo (139 MB as a full-size bitmap) is
 * never decoded whole. What the loader's DCT scaling leaves is reduced with a linear (triangle) kernel: on 30 large SROIE
 * training scans it read better than sharp's default Lanczos kernel and than the canvas's full-size draw
 * (docs/benchmarks.md, OCR, "Large JPEG photos").
 */

// One libvips thread: extraction already runs one worker thread a core. No operation cache: each image is read once.
sharp.concurrency(1);
sharp.cache(false);

const isJpeg = (bytes: Uint8Array): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * A JPEG's size from its header, when it is large enough to be decoded scaled; otherwise null (a header libvips cannot
 * read is left to the canvas decoder, which reports it as before).
 */
export async function scalableJpeg(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  if (!isJpeg(bytes)) return null;
  const { width, height } = await sharp(bytes).metadata().catch(() => ({ width: 0, height: 0 }));
  if (!width || !height || !shrinksOnLoad(width, height)) return null;
  return { width, height };
}

/** The JPEG as RGBA pixels of exactly width × height (grey and CMYK converted to sRGB, as the canvas draws them). */
export async function decodeJpegScaled(bytes: Uint8Array, width: number, height: number, maxPixels: number): Promise<Uint8ClampedArray> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, sequentialRead: true })
    .resize(width, height, { fit: "fill", fastShrinkOnLoad: true, kernel: "linear" })
    .toColourspace("srgb")
    .ensureAlpha(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 4) throw new Error("The image could not be decoded");
  return new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
}
