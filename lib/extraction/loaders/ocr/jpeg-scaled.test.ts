import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareImageForOcr } from "./image-decode";
import { decodeJpegScaled, scalableJpeg } from "./jpeg-scaled";

/** A white JPEG of width × height with a black band across its middle third (rows). */
async function jpeg(width: number, height: number, channels: 1 | 3 = 3): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * channels, 255);
  pixels.fill(0, Math.floor(height / 3) * width * channels, Math.floor((2 * height) / 3) * width * channels);
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 90 }).toBuffer());
}

describe("scalableJpeg", () => {
  it("gives the size of a JPEG at least twice OCR's size, and null for smaller JPEGs and other formats", async () => {
    expect(await scalableJpeg(await jpeg(5000, 600))).toEqual({ width: 5000, height: 600 });
    expect(await scalableJpeg(await jpeg(3000, 600))).toBeNull();
    const png = new Uint8Array(await sharp(Buffer.alloc(5000 * 10 * 3), { raw: { width: 5000, height: 10, channels: 3 } }).png().toBuffer());
    expect(await scalableJpeg(png)).toBeNull();
  });

  it("leaves a JPEG whose header libvips cannot read to the canvas decoder", async () => {
    expect(await scalableJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
  });
});

describe("decodeJpegScaled", () => {
  it("decodes straight to the size asked for as RGBA, grey JPEGs as RGB", async () => {
    for (const channels of [3, 1] as const) {
      const rgba = await decodeJpegScaled(await jpeg(5000, 600, channels), 2400, 288, 40_000_000);
      expect(rgba.length).toBe(2400 * 288 * 4);
      const at = (x: number, y: number) => Array.from(rgba.subarray((y * 2400 + x) * 4, (y * 2400 + x) * 4 + 4));
      expect(at(1200, 20).every((v) => v > 245)).toBe(true);
      expect(at(1200, 144).slice(0, 3).every((v) => v < 10)).toBe(true);
      expect(at(1200, 144)[3]).toBe(255);
    }
  });

  it("refuses a JPEG above the pixel limit", async () => {
    await expect(decodeJpegScaled(await jpeg(5000, 600), 2400, 288, 1_000_000)).rejects.toThrow();
  });
});

describe("prepareImageForOcr with a large JPEG", () => {
  it("reads it at OCR's size", async () => {
    const page = await prepareImageForOcr(await jpeg(6000, 1200));
    expect([page.width, page.height]).toEqual([2400, 480]);
    expect([page.pixels?.width, page.pixels?.height]).toEqual([2400, 480]);
  });
});
