import { describe, expect, it } from "vitest";
import { greyOf, medianStrokeWidth, otsuThreshold, thickenStrokes, thickenThinText, writeOpaqueGrey } from "./thin-strokes";

const PAPER = 230;
const INK = 40;

/** A grey bitmap with vertical bars `stroke` px wide every 10 px, like the stems of printed letters. */
function bars(stroke: number, width = 100, height = 20): Uint8Array {
  const grey = new Uint8Array(width * height).fill(PAPER);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (x % 10 < stroke) grey[y * width + x] = INK;
  }
  return grey;
}

/** Bytes from a fixed linear congruential sequence: the same "random" bitmap in every run. */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function rgbaOf(grey: Uint8Array): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(grey.length * 4);
  grey.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  return rgba;
}

describe("otsuThreshold", () => {
  it("separates ink from paper", () => {
    const threshold = otsuThreshold(bars(3));
    expect(threshold).toBeGreaterThanOrEqual(INK);
    expect(threshold).toBeLessThan(PAPER);
  });
});

describe("medianStrokeWidth", () => {
  it("measures the width of the stems", () => {
    expect(medianStrokeWidth(bars(2), 100, 20)).toBe(2);
    expect(medianStrokeWidth(bars(5), 100, 20)).toBe(5);
  });

  it("is 0 on a blank page", () => {
    expect(medianStrokeWidth(new Uint8Array(100).fill(PAPER), 10, 10)).toBe(0);
  });
});

describe("greyOf", () => {
  it("gives each pixel's BT.601 luma, whether the pixels are word-aligned or not", () => {
    const bytes = noise(7 * 5 * 4, 1);
    const expected = Array.from({ length: 35 }, (_, i) => Math.round(0.299 * bytes[i * 4]! + 0.587 * bytes[i * 4 + 1]! + 0.114 * bytes[i * 4 + 2]!));
    expect([...greyOf(new Uint8ClampedArray(bytes), 7, 5)]).toEqual(expected);
    const unaligned = new Uint8ClampedArray(new ArrayBuffer(bytes.length + 1), 1, bytes.length);
    unaligned.set(bytes);
    expect([...greyOf(unaligned, 7, 5)]).toEqual(expected);
  });
});

describe("thickenStrokes", () => {
  it("is the minimum of each pixel, its right, lower and lower-right neighbours (clamped at the edges)", () => {
    for (const [width, height] of [[1, 1], [1, 6], [6, 1], [7, 5], [16, 9]] as const) {
      const grey = noise(width * height, width * 31 + height);
      const at = (x: number, y: number) => grey[Math.min(y, height - 1) * width + Math.min(x, width - 1)]!;
      const expected = Array.from({ length: width * height }, (_, i) => {
        const x = i % width;
        const y = (i - x) / width;
        return Math.min(at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1));
      });
      expect([...thickenStrokes(grey, width, height)]).toEqual(expected);
    }
  });

  it("grows a dot by one pixel right and down", () => {
    const grey = new Uint8Array(16).fill(PAPER);
    grey[5] = INK; // (1, 1) in a 4 × 4 bitmap
    const thick = thickenStrokes(grey, 4, 4);
    const dark = [...thick.keys()].filter((i) => thick[i] === INK);
    expect(dark).toEqual([0, 1, 4, 5]);
  });
});

describe("thickenThinText", () => {
  it("thickens thin strokes and reports it", () => {
    const rgba = rgbaOf(bars(2));
    expect(thickenThinText(rgba, 100, 20)).toBe(true);
    const grey = Uint8Array.from({ length: 2000 }, (_, i) => rgba[i * 4]!);
    expect(medianStrokeWidth(grey, 100, 20)).toBe(3);
  });

  it("leaves bold text alone", () => {
    const rgba = rgbaOf(bars(5));
    const before = Uint8ClampedArray.from(rgba);
    expect(thickenThinText(rgba, 100, 20)).toBe(false);
    expect(rgba).toEqual(before);
  });

  it("leaves a high-resolution image alone even when shrinking made its strokes thin", () => {
    // 3 px at half the source size: 6 px strokes in the source, well-formed glyphs.
    expect(thickenThinText(rgbaOf(bars(3)), 100, 20, 0.5)).toBe(false);
    expect(thickenThinText(rgbaOf(bars(3)), 100, 20, 1)).toBe(true);
  });
});

describe("writeOpaqueGrey", () => {
  it("writes each grey level as an opaque grey pixel, aligned or not", () => {
    const grey = Uint8Array.from([0, 17, 128, 255]);
    const expected = [0, 0, 0, 255, 17, 17, 17, 255, 128, 128, 128, 255, 255, 255, 255, 255];
    const aligned = new Uint8ClampedArray(16).fill(9);
    writeOpaqueGrey(grey, aligned);
    expect([...aligned]).toEqual(expected);
    const unaligned = new Uint8ClampedArray(new ArrayBuffer(17), 1, 16).fill(9);
    writeOpaqueGrey(grey, unaligned);
    expect([...unaligned]).toEqual(expected);
  });
});
