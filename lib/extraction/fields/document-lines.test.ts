import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import type { PageModel } from "../types";
import { documentLines } from "./document-lines";
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
