import { Image, createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { rasterFromPng, releaseDecodedPixels } from "../../ocr/paddle/raster";
import { prepareImageForOcr } from "./image-decode";

/**
 * A generated page larger than OCR's 2,400 px long side, with bold text so no thin-stroke pass runs; a JPEG, as a
 * large PNG is decoded row by row instead (png-scaled.ts).
 */
function largePage(type: "image/png" | "image/jpeg" = "image/jpeg"): Buffer {
  const canvas = createCanvas(1200, 3000);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 1200, 3000);
  ctx.fillStyle = "#000";
  ctx.font = "bold 60px sans-serif";
  for (let y = 200; y < 3000; y += 300) ctx.fillText(`TOTAL ${y}.00`, 100, y);
  return type === "image/png" ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg");
}

/** The pixels of the page scaled the way image-decode.ts does, from an Image kept alive throughout. */
function scaledWithoutRelease(encoded: Buffer, width: number, height: number): Uint8ClampedArray {
  const image = new Image();
  image.src = encoded;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

describe("releasing a decoded image once drawn", () => {
  it("leaves the Image without pixels", () => {
    const image = new Image();
    image.src = largePage();
    expect(image.width).toBe(1200);
    releaseDecodedPixels(image);
    expect(image.width).toBe(0);
  });

  it("scales a large JPEG page to the same pixels as before", async () => {
    const jpeg = largePage();
    const page = await prepareImageForOcr(new Uint8Array(jpeg));
    expect([page.width, page.height]).toEqual([960, 2400]);
    const pixels = page.pixels!.getContext("2d").getImageData(0, 0, page.width, page.height).data;
    expect(Buffer.from(pixels).equals(Buffer.from(scaledWithoutRelease(jpeg, page.width, page.height)))).toBe(true);
  });

  it("rasterises a PNG page to its full size", () => {
    const png = largePage("image/png");
    const raster = rasterFromPng(new Uint8Array(png));
    expect([raster.width, raster.height]).toEqual([1200, 3000]);
    const pixels = raster.canvas.getContext("2d").getImageData(0, 0, 1200, 3000).data;
    expect(Buffer.from(pixels).equals(Buffer.from(scaledWithoutRelease(png, 1200, 3000)))).toBe(true);
  });
});
