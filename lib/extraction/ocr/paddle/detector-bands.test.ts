import { describe, expect, it } from "vitest";
import { detectorBands, type DetectorBand } from "./detector-bands";

/** What every cut must give: kept rows tiling the map in order, runs of one size within the budget, on the stride. */
function expectValidBands(bands: DetectorBand[], width: number, height: number, maxPixels: number, minContext: number): void {
  expect(bands[0]!.keepFrom).toBe(0);
  expect(bands[bands.length - 1]!.keepTo).toBe(height);
  const readRows = bands[0]!.to - bands[0]!.from;
  expect(readRows * width).toBeLessThanOrEqual(maxPixels);
  bands.forEach((band, i) => {
    if (i > 0) expect(band.keepFrom).toBe(bands[i - 1]!.keepTo);
    expect(band.keepTo).toBeGreaterThan(band.keepFrom);
    expect(band.to - band.from).toBe(readRows);
    for (const row of [band.from, band.to, band.keepFrom, band.keepTo]) expect(row % 32).toBe(0);
    expect(band.from).toBeGreaterThanOrEqual(0);
    expect(band.to).toBeLessThanOrEqual(height);
    if (band.keepFrom > 0) expect(band.keepFrom - band.from).toBeGreaterThanOrEqual(minContext);
    if (band.keepTo < height) expect(band.to - band.keepTo).toBeGreaterThanOrEqual(minContext);
  });
}

describe("detector bands", () => {
  it("leaves a map within the budget whole", () => {
    expect(detectorBands(704, 1280, 704 * 1280, 64)).toEqual([{ from: 0, to: 1280, keepFrom: 0, keepTo: 1280 }]);
  });

  it("cuts a letter page's map in two halves, each read with as much of the page as the budget allows", () => {
    expect(detectorBands(992, 1280, 704 * 1280, 64)).toEqual([
      { from: 0, to: 896, keepFrom: 0, keepTo: 640 },
      { from: 384, to: 1280, keepFrom: 640, keepTo: 1280 },
    ]);
  });

  it("cuts into as many equal bands as the budget needs, each with its context", () => {
    for (const [width, height, maxPixels, minContext] of [
      [992, 1280, 400_000, 64],
      [1280, 1280, 500_000, 96],
      [448, 1280, 100_000, 32],
      [1280, 960, 300_000, 64],
      [640, 1248, 250_000, 0],
      [896, 1280, 901_120, 64],
    ] as const) {
      const bands = detectorBands(width, height, maxPixels, minContext);
      expect(bands.length).toBeGreaterThan(1);
      expectValidBands(bands, width, height, maxPixels, minContext);
      const kept = bands.map((band) => band.keepTo - band.keepFrom);
      expect(Math.max(...kept) - Math.min(...kept)).toBeLessThanOrEqual(32);
    }
  });

  it("leaves the map whole when the budget leaves no rows beside the context", () => {
    expect(detectorBands(1280, 1280, 1280 * 150, 64)).toEqual([{ from: 0, to: 1280, keepFrom: 0, keepTo: 1280 }]);
  });
});
