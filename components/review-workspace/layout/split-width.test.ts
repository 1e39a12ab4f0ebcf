import { describe, expect, it } from "vitest";
import { clampSplit, readStoredSplit, SPLIT_DEFAULT, SPLIT_MAX, SPLIT_MIN, splitFromPointer } from "./split-width";

describe("split width", () => {
  it("keeps the data panel between its bounds", () => {
    expect(clampSplit(5)).toBe(SPLIT_MIN);
    expect(clampSplit(95)).toBe(SPLIT_MAX);
    expect(clampSplit(50.4)).toBe(50);
    expect(clampSplit(Number.NaN)).toBe(SPLIT_DEFAULT);
  });
  it("measures the data panel from the right edge to the pointer", () => {
    // A 1000 px wide workspace starting at 200: the pointer at 700 leaves 500 px (50 %) to the data.
    expect(splitFromPointer(700, 200, 1000)).toBe(50);
    expect(splitFromPointer(1150, 200, 1000)).toBe(SPLIT_MIN);
    expect(splitFromPointer(700, 200, 0)).toBe(SPLIT_DEFAULT);
  });
  it("reads what the browser stored, ignoring nonsense", () => {
    expect(readStoredSplit(null)).toBe(SPLIT_DEFAULT);
    expect(readStoredSplit("60")).toBe(60);
    expect(readStoredSplit("wide")).toBe(SPLIT_DEFAULT);
  });
});
