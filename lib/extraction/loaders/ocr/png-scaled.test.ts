import { deflateSync } from "node:zlib";
import { Image, createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { prepareImageForOcr } from "./image-decode";
import { decodePngScaled, scalablePng } from "./png-scaled";

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A PNG of `pixels` (rows of samples), row y filtered with filter y mod 5, so every filter is exercised. */
function encodePng(width: number, height: number, channels: number, colour: number, pixels: Uint8Array, options: { depth?: number; interlace?: number } = {}): Uint8Array {
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i += 1) {
      const value = pixels[y * stride + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      raw[y * (stride + 1) + 1 + i] = (value - predicted) & 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = options.depth ?? 8;
  ihdr[9] = colour;
  ihdr[12] = options.interlace ?? 0;
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return new Uint8Array(Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]));
}

function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = state >> 16;
  }
  return out;
}

describe("PNG decoded row by row to a scale", () => {
  it("reads every filter and colour type exactly at scale 1", async () => {
    for (const [colour, channels] of [[0, 1], [2, 3], [6, 4]] as const) {
      const pixels = noise(13 * 11 * channels, colour + 1);
      if (channels === 4) for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
      const png = scalablePng(encodePng(13, 11, channels, colour, pixels))!;
      const rgba = await decodePngScaled(png, 13, 11);
      for (let p = 0; p < 13 * 11; p += 1) {
        const expected = channels === 1 ? [pixels[p]!, pixels[p]!, pixels[p]!] : [pixels[p * channels]!, pixels[p * channels + 1]!, pixels[p * channels + 2]!];
        expect([rgba[p * 4], rgba[p * 4 + 1], rgba[p * 4 + 2], rgba[p * 4 + 3]]).toEqual([...expected, 255]);
      }
    }
  });

  it("puts transparent pixels on white, as the canvas path does", async () => {
    const png = scalablePng(encodePng(2, 1, 2, 4, new Uint8Array([0, 0, 0, 255])))!;
    expect([...(await decodePngScaled(png, 2, 1))]).toEqual([255, 255, 255, 255, 0, 0, 0, 255]);
  });

  it("leaves 16-bit and interlaced PNGs to the whole-image decoder", () => {
    expect(scalablePng(encodePng(4, 4, 3, 2, new Uint8Array(48), { interlace: 1 }))).toBeNull();
    expect(scalablePng(encodePng(2, 4, 3, 2, new Uint8Array(48), { depth: 16 }))).toBeNull();
  });

  it("refuses truncated image data", async () => {
    const bytes = encodePng(40, 40, 3, 2, noise(4800, 7));
    const png = scalablePng(bytes)!;
    const cut = { ...png, idat: [png.idat[0]!.subarray(0, png.idat[0]!.length - 40)] };
    await expect(decodePngScaled(cut, 20, 20)).rejects.toThrow(/could not be decoded/);
  });

  it("shrinks a large page to nearly the pixels of the canvas's scaled draw", async () => {
    const canvas = createCanvas(1500, 3600);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 1500, 3600);
    ctx.fillStyle = "#000";
    ctx.font = "bold 70px sans-serif";
    for (let y = 200; y < 3600; y += 250) ctx.fillText(`TOTAL RM ${y}.00`, 100, y);
    const bytes = canvas.toBuffer("image/png");
    const page = await prepareImageForOcr(new Uint8Array(bytes));
    expect([page.width, page.height]).toEqual([1000, 2400]);
    const image = new Image();
    image.src = bytes;
    const reference = createCanvas(1000, 2400);
    const refCtx = reference.getContext("2d");
    refCtx.fillStyle = "#fff";
    refCtx.fillRect(0, 0, 1000, 2400);
    refCtx.drawImage(image, 0, 0, 1000, 2400);
    const expected = refCtx.getImageData(0, 0, 1000, 2400).data;
    const actual = page.pixels!.getContext("2d").getImageData(0, 0, 1000, 2400).data;
    let difference = 0;
    for (let i = 0; i < expected.length; i += 1) difference += Math.abs(expected[i]! - actual[i]!);
    expect(difference / expected.length).toBeLessThan(0.5);
  });
});
