import { describe, expect, it } from "vitest";
import { buildPage, type RawWord } from "./build-page";
import { dropOverprinted } from "./overprint";

const word = (text: string, x: number, y: number, h = 12): RawWord => ({ text, x, y, w: text.length * h * 0.55, h, confidence: 1 });

/** Each word drawn `copies` times, each copy shifted by `shift` points right and down (fake bold). */
function fakeBold(words: RawWord[], copies: number, shift: number): RawWord[] {
  return Array.from({ length: copies }, (_, i) => words.map((w) => ({ ...w, x: w.x + i * shift, y: w.y + i * shift * 0.5 }))).flat();
}

describe("dropOverprinted", () => {
  it("reads a fake-bold heading once, with its words in order", () => {
    const heading = [word("ACME", 40, 50, 20), word("TRADING", 100, 50, 20), word("INVOICE", 400, 50, 20)];
    const page = buildPage(1, 595, 842, "text-layer", dropOverprinted(fakeBold(heading, 3, 0.4)));
    const texts = page.blocks.flatMap((b) => b.lines.map((l) => l.text));
    expect(texts).toEqual(["ACME TRADING", "INVOICE"]);
  });

  it("keeps plain text as it is", () => {
    const line = [word("Net", 40, 100), word("total", 70, 100), word("12.00", 300, 100)];
    expect(dropOverprinted(line)).toEqual(line);
  });

  it("keeps a word repeated side by side, even of one letter", () => {
    const h = 10;
    const repeated = [word("very", 40, 100, h), word("very", 40 + 4 * h * 0.55 + 3, 100, h), word("a", 120, 100, h), word("a", 120 + h * 0.55 + 2.5, 100, h)];
    expect(dropOverprinted(repeated)).toHaveLength(4);
  });

  it("keeps the same text on the next row or in another size", () => {
    const rows = [word("12", 300, 100), word("12", 300, 114), word("12", 300, 100, 20)];
    expect(dropOverprinted(rows)).toHaveLength(3);
  });
});
