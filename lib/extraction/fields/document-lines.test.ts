import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import type { PageModel } from "../types";
import { findAmounts } from "../../normalise/amounts";
import { documentLines, lineAmounts } from "./document-lines";
import { findLabelledCandidates } from "./find-labelled-value";

/** A text's page model as OCR would give it: the same words with a reader's confidence below 1. */
function read(text: string, confidence: number): PageModel {
  const pages = textToPages(text).map((page) => ({
    ...page,
    blocks: page.blocks.map((block) => ({
      ...block,
      lines: block.lines.map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence })) })),
    })),
  }));
  return { pages };
}

const total = (model: PageModel) => findLabelledCandidates(documentLines(model), "total_amount", "amount", "dmy")[0]?.value ?? null;

describe("total label as OCR misreads it", () => {
  it("reads a word one letter off Total as the label on an OCR'd page", () => {
    expect(total(read(["SR+HM BAG 1   9.00", "Tatal :   18.00", "Cash Received :   20.00"].join("\n"), 0.9))).toBe(18);
    expect(total(read(["Totel (RM) :   112.46"].join("\n"), 0.9))).toBe(112.46);
    expect(total(read(["T0TAL   7.50"].join("\n"), 0.9))).toBe(7.5);
  });

  it("leaves a text layer's words as printed, and other words alike", () => {
    expect(total(read("Tatal :   18.00", 1))).toBe(null);
    expect(total(read("Tidal :   18.00", 0.9))).toBe(null);
    expect(total(read("Metal   18.00", 0.9))).toBe(null);
  });
});

describe("amounts per line", () => {
  it("are the line's amounts, read once however often the total checks ask", () => {
    const lines = documentLines({ pages: textToPages(["Subtotal   28.70", "Rounding   0.02", "Total   28.72"].join("\n")) });
    for (const line of lines) {
      expect(lineAmounts(line)).toEqual(findAmounts(line.text));
      expect(lineAmounts(line)).toBe(lineAmounts(line));
    }
    // The labels and their amounts are phrases of their own (lines), set apart by the wide gap.
    expect(lines.flatMap((line) => lineAmounts(line).map((a) => a.value))).toEqual([28.7, 0.02, 28.72]);
  });
});
