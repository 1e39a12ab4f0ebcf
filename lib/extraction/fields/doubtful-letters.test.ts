import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import type { PageModel, Word } from "../types";
import { extractScalarFields } from "./extract-fields";
import { ADDRESS_LETTER_FLOORS, hasDoubtfulLetters, letterDoubt, NAME_LETTER_FLOORS, wordsInside } from "./doubtful-letters";

const word = (text: string, least?: number, x = 0.1): Word => ({ text, box: { x, y: 0.1, w: 0.05, h: 0.02 }, confidence: 0.9, ...(least === undefined ? {} : { least }) });

describe("letter doubt", () => {
  it("is the least letter probability of the value's own words and their product", () => {
    const doubt = letterDoubt([word("Lot", 0.9), word("3,", 0.8), word("Jalan", 0.5)], "Lot 3, Jalan");
    expect(doubt.least).toBe(0.5);
    expect(doubt.joint).toBeCloseTo(0.9 * 0.8 * 0.5, 6);
  });

  it("leaves out words that are not in the value, words a repair rewrote and words the caller vouches for", () => {
    expect(letterDoubt([word("Bhd(728384-M)", 0.2)], "Broadview Marketing Sdn Bhd").least).toBe(1);
    expect(letterDoubt([word("Sdn.Rhd", 0.3)], "Segi Cash & Carry Sdn.Bhd").least).toBe(1);
    expect(letterDoubt([word("Jalau", 0.3)], "Jalau 5", (text) => text === "Jalau").least).toBe(1);
  });

  it("says nothing about words without a letter probability (tesseract, text layers)", () => {
    expect(letterDoubt([word("Peiabur")], "Jalan Peiabur")).toEqual({ least: 1, joint: 1 });
    expect(hasDoubtfulLetters([word("Peiabur")], "Jalan Peiabur", ADDRESS_LETTER_FLOORS)).toBe(false);
  });

  it("passes either floor: one letter in deep doubt, or several in some", () => {
    expect(hasDoubtfulLetters([word("Peiabur", 0.33)], "Jalan Peiabur", ADDRESS_LETTER_FLOORS)).toBe(true);
    expect(hasDoubtfulLetters([word("Pelabur", 0.6)], "Jalan Pelabur", ADDRESS_LETTER_FLOORS)).toBe(false);
    const several = ["BANDAR", "BARU", "PERMAS", "JAYA"].map((text) => word(text, 0.55));
    expect(hasDoubtfulLetters(several, "BANDAR BARU PERMAS JAYA", ADDRESS_LETTER_FLOORS)).toBe(true);
    expect(hasDoubtfulLetters(several.slice(0, 2), "BANDAR BARU", NAME_LETTER_FLOORS)).toBe(false);
  });

  it("finds the words whose centre lies in a box on the page", () => {
    const lines = [{ page: 1, words: [word("IN", 0.9, 0.1), word("OUT", 0.9, 0.6)] }, { page: 2, words: [word("OTHER", 0.9, 0.1)] }];
    expect(wordsInside(lines, 1, { x: 0, y: 0, w: 0.3, h: 0.3 }).map((w) => w.text)).toEqual(["IN"]);
  });
});

describe("names and addresses on a PP-OCR page", () => {
  const FIELDS = [
    { name: "vendor_name", type: "text" as const, description: "Seller" },
    { name: "vendor_address", type: "address" as const, description: "Seller address" },
  ];
  /** The page as PP-OCR gives it: every word at confidence 0.95 with its letters at 0.9, but `doubted` words' at `least`. */
  const scanned = (lines: string[], doubted: Record<string, number>): PageModel => ({
    pages: textToPages(lines.join("\n")).map((page) => ({
      ...page,
      blocks: page.blocks.map((block) => ({
        ...block,
        lines: block.lines.map((line) => ({ ...line, words: line.words.map((w) => ({ ...w, confidence: 0.95, least: doubted[w.text] ?? 0.9 })) })),
      })),
    })),
  });
  const receipt = (seller: string, street: string) => [seller, "(728384-M)", street, "40300 SHAH ALAM, SELANGOR", "TEL: 03-5511 2233", "", "TOTAL   12.00"];
  const fields = (model: PageModel) => {
    const got = extractScalarFields(model, FIELDS);
    return { name: got.get("vendor_name")?.value ?? null, address: got.get("vendor_address")?.value ?? null };
  };

  it("are left empty when a letter was read in doubt, kept when it was not", () => {
    const sure = fields(scanned(receipt("BROADVIEW MARKETING SDN BHD", "LOT 3, JALAN PELABUR 23/1,"), {}));
    expect(sure.name).toBe("BROADVIEW MARKETING SDN BHD");
    expect(sure.address).toBe("LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM, SELANGOR");
    const doubted = fields(scanned(receipt("BRVADVIEW MARKETING SDN BHD", "LOT 3, JALAN PEIABUR 23/1,"), { BRVADVIEW: 0.17, PEIABUR: 0.33 }));
    expect(doubted.name).toBe(null);
    expect(doubted.address).toBe(null);
  });

  it("keep an address whose doubtful word the address vocabulary repairs", () => {
    const repaired = fields(scanned(receipt("BROADVIEW MARKETING SDN BHD", "LOT 3, JALAU PELABUR 23/1,"), { "JALAU": 0.39 }));
    expect(repaired.address).toBe("LOT 3, JALAN PELABUR 23/1, 40300 SHAH ALAM, SELANGOR");
  });
});
