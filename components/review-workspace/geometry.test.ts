import { describe, expect, it } from "vitest";
import { boxStyle, centreInside, isDrag, quarterTurns, readingOrder, readSourceBox, rectBetween, rotateBox, turnedSize } from "./geometry";

describe("readSourceBox", () => {
  it("accepts the engine's page-relative box and clamps it to the page", () => {
    expect(readSourceBox({ page: 2, x: 0.1, y: 0.2, w: 0.3, h: 0.05 })).toEqual({ page: 2, x: 0.1, y: 0.2, w: 0.3, h: 0.05 });
    const clamped = readSourceBox({ page: 1, x: 0.9, y: -0.1, w: 0.3, h: 0.2 })!;
    expect(clamped.x).toBe(0.9);
    expect(clamped.y).toBe(0);
    expect(clamped.w).toBeCloseTo(0.1);
    expect(clamped.h).toBeCloseTo(0.1);
  });

  it("refuses what is not a box", () => {
    expect(readSourceBox(null)).toBeNull();
    expect(readSourceBox({ page: 0, x: 0, y: 0, w: 1, h: 1 })).toBeNull();
    expect(readSourceBox({ page: 1, x: "0", y: 0, w: 1, h: 1 })).toBeNull();
    expect(readSourceBox({ page: 1, x: 0, y: 0, w: 0, h: 1 })).toBeNull();
  });
});

describe("rotation", () => {
  const box = { x: 0.1, y: 0.2, w: 0.3, h: 0.1 };

  it("turns a box clockwise with the page", () => {
    const quarter = rotateBox(box, 90);
    expect(quarter.x).toBeCloseTo(0.7);
    expect(quarter.y).toBeCloseTo(0.1);
    expect(quarter.w).toBeCloseTo(0.1);
    expect(quarter.h).toBeCloseTo(0.3);
    const half = rotateBox(box, 180);
    expect(half.x).toBeCloseTo(0.6);
    expect(half.y).toBeCloseTo(0.7);
  });

  it("comes back after a full turn, and counts negative turns", () => {
    const back = rotateBox(box, 360);
    expect(back).toEqual(box);
    expect(quarterTurns(-90)).toBe(3);
    const left = rotateBox(box, -90);
    const threeRight = rotateBox(box, 270);
    expect(left.x).toBeCloseTo(threeRight.x);
    expect(left.y).toBeCloseTo(threeRight.y);
  });

  it("swaps a page's sides on quarter turns", () => {
    expect(turnedSize({ width: 595, height: 842 }, 90)).toEqual({ width: 842, height: 595 });
    expect(turnedSize({ width: 595, height: 842 }, 180)).toEqual({ width: 595, height: 842 });
  });
});

describe("drag selection", () => {
  it("builds the rectangle whichever way the pointer went and tells clicks from drags", () => {
    const rect = rectBetween({ x: 50, y: 80 }, { x: 10, y: 20 });
    expect(rect).toEqual({ left: 10, top: 20, right: 50, bottom: 80 });
    expect(isDrag(rectBetween({ x: 1, y: 1 }, { x: 3, y: 4 }))).toBe(false);
    expect(isDrag(rect)).toBe(true);
  });

  it("takes words whose centre is inside", () => {
    const area = { left: 0, top: 0, right: 100, bottom: 20 };
    expect(centreInside({ left: 90, top: 0, right: 130, bottom: 10 }, area)).toBe(false);
    expect(centreInside({ left: 80, top: 0, right: 110, bottom: 10 }, area)).toBe(true);
  });

  it("joins words line by line, left to right", () => {
    const word = (text: string, left: number, top: number) => ({ text, rect: { left, top, right: left + 30, bottom: top + 10 } });
    expect(readingOrder([word("Street", 40, 21), word("Main", 5, 20), word("Acme", 5, 2), word("GmbH", 40, 1)])).toBe("Acme GmbH Main Street");
  });
});

it("positions overlays in percent of the page", () => {
  expect(boxStyle({ x: 0.1, y: 0.25, w: 0.5, h: 0.125 })).toEqual({ left: "10.000%", top: "25.000%", width: "50.000%", height: "12.500%" });
});
