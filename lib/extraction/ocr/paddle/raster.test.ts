import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { opaquePixels } from "./raster";

describe("reading a canvas's pixels", () => {
  it("gives an opaque canvas's stored bytes, the same as getImageData", () => {
    const canvas = createCanvas(37, 11);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 37, 11);
    ctx.fillStyle = "#3a7f20";
    ctx.font = "9px sans-serif";
    ctx.fillText("Total 12.50", 1, 9);
    const pixels = opaquePixels(canvas);
    expect(pixels).toBeInstanceOf(Uint8ClampedArray);
    expect(Buffer.from(pixels)).toEqual(Buffer.from(ctx.getImageData(0, 0, 37, 11).data));
  });

  it("reads a canvas with translucent pixels through getImageData (its stored bytes are premultiplied)", () => {
    const canvas = createCanvas(8, 4);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "rgba(200, 100, 50, 0.5)";
    ctx.fillRect(0, 0, 8, 4);
    expect(Buffer.from(opaquePixels(canvas))).toEqual(Buffer.from(ctx.getImageData(0, 0, 8, 4).data));
    expect(Buffer.from(canvas.data())).not.toEqual(Buffer.from(ctx.getImageData(0, 0, 8, 4).data));
  });
});
