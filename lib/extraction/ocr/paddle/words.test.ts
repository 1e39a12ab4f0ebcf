import { describe, expect, it } from "vitest";
import { buildPage } from "../../layout/build-page";
import { leastLetterProbability } from "./words";

describe("a word's least letter probability", () => {
  const chars = (pairs: Array<[string, number]>) => pairs.map(([text, prob], step) => ({ text, prob, step }));

  it("is the lowest probability of its letters and digits, marks left out", () => {
    expect(leastLetterProbability(chars([["P", 0.99], ["e", 0.98], ["i", 0.33], ["a", 0.97]]))).toBe(0.33);
    expect(leastLetterProbability(chars([["6", 0.97], [",", 0.2]]))).toBe(0.97);
    expect(leastLetterProbability(chars([[",", 0.4]]))).toBe(1);
  });

  it("reaches the page model's words, and only when the reader gave one", () => {
    const page = buildPage(1, 1000, 1000, "ocr", [
      { text: "Peiabur", x: 100, y: 100, w: 120, h: 30, confidence: 0.77, least: 0.33 },
      { text: "23/1", x: 240, y: 100, w: 60, h: 30, confidence: 0.9 },
    ]);
    const words = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    expect(words.map((w) => w.least)).toEqual([0.33, undefined]);
    expect("least" in words[1]!).toBe(false);
  });
});
