import { describe, expect, it } from "vitest";
import { centreInside } from "./box";

describe("centreInside", () => {
  const outer = { x: 0.1, y: 0.1, w: 0.4, h: 0.2 };

  it("takes a word whose centre is in the box, even when its edges stick out", () => {
    expect(centreInside({ x: 0.05, y: 0.15, w: 0.2, h: 0.02 }, outer)).toBe(true);
  });

  it("leaves a word whose centre is outside, even when it overlaps", () => {
    expect(centreInside({ x: 0.45, y: 0.15, w: 0.2, h: 0.02 }, outer)).toBe(false);
    expect(centreInside({ x: 0.2, y: 0.29, w: 0.1, h: 0.04 }, outer)).toBe(false);
  });

  it("counts a centre on the edge as inside", () => {
    expect(centreInside({ x: 0.4, y: 0.2, w: 0.2, h: 0.02 }, outer)).toBe(true);
  });
});
