import { describe, expect, it } from "vitest";
import type { RawWord } from "../layout/build-page";
import { repairOcrNumbers } from "./ocr";

const word = (text: string, x: number, w = 30): RawWord => ({ text, x, y: 100, w, h: 20, confidence: 0.9 });

describe("repairOcrNumbers", () => {
  it("replaces digit look-alikes inside amounts only", () => {
    expect(repairOcrNumbers([word("1C.C0", 0), word("Cash", 100)]).map((w) => w.text)).toEqual(["10.00", "Cash"]);
  });
  it("restores a lost decimal point between tight digit groups", () => {
    expect(repairOcrNumbers([word("41", 0, 20), word("50", 26, 20)]).map((w) => w.text)).toEqual(["41.50"]);
    // A wide gap is a real column gap, not a lost point.
    expect(repairOcrNumbers([word("41", 0, 20), word("50", 80, 20)]).map((w) => w.text)).toEqual(["41", "50"]);
  });
});
