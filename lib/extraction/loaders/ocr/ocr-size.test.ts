import { describe, expect, it } from "vitest";
import { OCR_MAX_SIDE, ocrScale, ocrSize, shrinksOnLoad } from "./ocr-size";

describe("ocrSize", () => {
  it("scales a long side above OCR's maximum down to it, keeping the shape", () => {
    expect(ocrSize(4961, 7016)).toEqual({ width: 1697, height: OCR_MAX_SIDE, scale: OCR_MAX_SIDE / 7016 });
    expect(ocrSize(7016, 4961).width).toBe(OCR_MAX_SIDE);
  });

  it("leaves a page of ordinary size as it is and scales small images up at most twice", () => {
    expect(ocrSize(1240, 1754)).toEqual({ width: 1240, height: 1754, scale: 1 });
    expect(ocrScale(800, 500)).toBe(1.25);
    expect(ocrScale(100, 40)).toBe(2);
  });

  it("never gives a side of zero pixels", () => {
    expect(ocrSize(20_000, 1).height).toBe(1);
  });
});

describe("shrinksOnLoad", () => {
  it("is true only where the image is at least twice OCR's size, so the JPEG decoder can halve it while decoding", () => {
    expect(shrinksOnLoad(4961, 7016)).toBe(true);
    expect(shrinksOnLoad(2 * OCR_MAX_SIDE, 100)).toBe(true);
    expect(shrinksOnLoad(2 * OCR_MAX_SIDE - 1, 100)).toBe(false);
    expect(shrinksOnLoad(937, 3556)).toBe(false);
    expect(shrinksOnLoad(500, 300)).toBe(false);
  });
});
