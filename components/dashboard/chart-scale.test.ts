import { describe, expect, it } from "vitest";
import { labelledIndexes, niceMax, shortDay } from "./chart-scale";

describe("niceMax", () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [200, 200],
    [201, 500],
    [5001, 10000],
  ])("%d → %d", (value, expected) => expect(niceMax(value)).toBe(expected));
});

describe("labels", () => {
  it("labels today and every seventh day before it", () => {
    expect(labelledIndexes(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledIndexes(0)).toEqual([]);
  });

  it("formats a UTC day", () => {
    expect(shortDay("2024-03-05")).toBe("Mar 5");
  });
});
