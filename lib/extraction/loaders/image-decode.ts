import { Image, createCanvas } from "@napi-rs/canvas";

/** Images above this pixel count are refused: a 20k × 20k bitmap would exhaust memory before OCR starts. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** OCR works best with text ~30 px high; receipts and scans rarely need more than this on the long side. */
const OCR_MAX_SIDE = 2400;
const OCR_MIN_SIDE = 1000;

export type DecodedImage = { png: Uint8Array; width: number; height: number };

/** Reads an image's size from its header (via @napi-rs/canvas) and re-encodes it as PNG at an OCR-friendly scale. */
export async function prepareImageForOcr(bytes: Uint8Array): Promise<DecodedImage> {
  const image = new Image();
  image.src = Buffer.from(bytes);
  const { width, height } = image;
  if (!width || !height) throw new Error("The image could not be decoded");
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new Error(`The image is too large (${width} × ${height} px)`);
  }
  const long = Math.max(width, height);
  const scale = long > OCR_MAX_SIDE ? OCR_MAX_SIDE / long : long < OCR_MIN_SIDE ? Math.min(2, OCR_MIN_SIDE / long) : 1;
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(image, 0, 0, w, h);
  const png = await canvas.encode("png");
  return { png: new Uint8Array(png), width: w, height: h };
}

