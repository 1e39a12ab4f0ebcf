/** OCR works best with text ~30 px high; receipts and scans rarely need more than this on the long side. */
export const OCR_MAX_SIDE = 2400;
const OCR_MIN_SIDE = 1000;
/**
 * A JPEG's decoder can scale by 1/2, 1/4 or 1/8 while decoding (its DCT blocks read at a lower resolution), so only an
 * image at least twice OCR's size gains from decoding scaled; below that the whole image is decoded either way.
 */
const SHRINK_ON_LOAD_MIN = 2;

/** The factor an image is scaled by for OCR: long sides above OCR_MAX_SIDE down, small images up (at most 2×). */
export function ocrScale(width: number, height: number): number {
  const long = Math.max(width, height);
  return long > OCR_MAX_SIDE ? OCR_MAX_SIDE / long : long < OCR_MIN_SIDE ? Math.min(2, OCR_MIN_SIDE / long) : 1;
}

/** The size an image is read at by OCR. */
export function ocrSize(width: number, height: number): { width: number; height: number; scale: number } {
  const scale = ocrScale(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** Whether a JPEG of this size is large enough for a decoder that scales while decoding to save work and memory. */
export function shrinksOnLoad(width: number, height: number): boolean {
  return ocrScale(width, height) <= 1 / SHRINK_ON_LOAD_MIN;
}
