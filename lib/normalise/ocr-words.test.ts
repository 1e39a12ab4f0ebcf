import { describe, expect, it } from "vitest";
import { mendOcrWord } from "./ocr-words";

describe("mending a word OCR read", () => {
  it("reads a figure with one letter for a digit as the figure", () => {
    expect(mendOcrWord("1O.50")).toBe("10.50");
    expect(mendOcrWord("2l.00")).toBe("21.00");
    expect(mendOcrWord("(1O.50)")).toBe("(10.50)");
  });

  it("reads a word with one digit for a letter as the word", () => {
    expect(mendOcrWord("SER1")).toBe("SERI");
    expect(mendOcrWord("T0TAL")).toBe("TOTAL");
    expect(mendOcrWord("t0tal:")).toBe("total:");
  });

  it("leaves codes, numbers and ordinary words as read", () => {
    for (const word of ["M8", "MK1", "R-1001", "INV-2024", "24.00", "Wholesaler", "3rd", "A1B2", "Mk1x", "10T", "O", "IO", "SER12"]) expect(mendOcrWord(word)).toBe(word);
  });
});
