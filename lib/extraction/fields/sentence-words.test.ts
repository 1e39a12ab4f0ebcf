import { describe, expect, it } from "vitest";
import { conceptByKey } from "./concepts";
import type { DocLine } from "./document-lines";
import { findPartyBySection } from "./parties";
import { insideSentence } from "./sentence-words";

const H = 0.008;
const CHAR = 0.006;

/** Lines of one row, each a phrase starting at its x; words get boxes so readers that look at words see them. */
function row(y: number, phrases: Array<[number, string]>, first: number): DocLine[] {
  return phrases.map(([x, text], i) => {
    const w = text.length * CHAR;
    return { index: first + i, page: 1, text, box: { x, y, w, h: H }, words: [{ text, box: { x, y, w, h: H }, confidence: 1 }], tokens: [] } as unknown as DocLine;
  });
}

/** A justified sentence's words set apart, the party's word among them ("EL | CLIENTE | ACEPTA Y RECONOCE …"). */
function sentence(word: string, before: string, after: string, y: number, first: number): DocLine[] {
  const x0 = 0.05;
  const x1 = x0 + before.length * CHAR + 1.2 * H;
  const x2 = x1 + word.length * CHAR + 1.2 * H;
  return row(y, [[x0, before], [x1, word], [x2, after]], first);
}

const customer = conceptByKey("customer_name")?.labels ?? [];
const vendor = conceptByKey("vendor_name")?.labels ?? [];

describe("a party's word inside a sentence", () => {
  for (const [word, before, after] of [["CLIENTE", "EL", "ACEPTA Y RECONOCE COMO OBLIGATORIAS"], ["Customer", "The", "agrees to the terms below"], ["Kunde", "Der", "erkennt die Bedingungen an"]] as const) {
    it(`is no heading: ${before} ${word} ${after}`, () => {
      const lines = sentence(word, before, after, 0.8, 0);
      expect(insideSentence(lines, lines[1]!)).toBe(true);
      expect(findPartyBySection(lines, customer, vendor)).toBe(null);
    });
  }

  it("leaves a heading alone on its row, or one with its name far right, a heading", () => {
    const alone = [...row(0.3, [[0.05, "Cliente"]], 0), ...row(0.3 + 2 * H, [[0.05, "Grupo Ancona SA"]], 1)];
    expect(insideSentence(alone, alone[0]!)).toBe(false);
    expect(findPartyBySection(alone, customer, vendor)?.value).toBe("Grupo Ancona SA");
    const beside = row(0.3, [[0.05, "Customer:"], [0.2, "Jane Roe Ltd"]], 0);
    expect(insideSentence(beside, beside[0]!)).toBe(false);
  });
});
