import { describe, expect, it } from "vitest";
import { isAddressVocabularyWord } from "../normalise/address-words";
import type { Word } from "../types";
import { hasUnvouchedDoubtfulWord, UNVOUCHED_LETTER_FLOOR } from "./unvouched-words";

const word = (text: string, least?: number): Word => ({ text, box: { x: 0.1, y: 0.1, w: 0.05, h: 0.02 }, confidence: 0.9, ...(least === undefined ? {} : { least }) });

/** An address of a house number, a street word, a place word, a postcode and a state, its place word read at `least`. */
function address(place: string, least: number) {
  const words = [word("12,", 0.99), word("JALAN", 0.98), word(`${place},`, least), word("47500", 0.97), word("SELANGOR", 0.95)];
  return { words, value: words.map((w) => w.text).join(" "), page: words.map((w) => w.text) };
}

const doubted = UNVOUCHED_LETTER_FLOOR - 0.05;
const sure = UNVOUCHED_LETTER_FLOOR + 0.05;
const PLACES = ["MUKIN", "Besanent", "INDUSTRIA", "Perdanna"];

describe("a doubted address word nothing vouches for", () => {
  it("empties an address whose place word of four letters or more was read under the floor", () => {
    for (const place of PLACES) {
      const a = address(place, doubted);
      expect(hasUnvouchedDoubtfulWord(a.words, a.value, a.page, isAddressVocabularyWord)).toBe(true);
    }
  });

  it("keeps it when the word was read above the floor, or without a letter probability (tesseract, text layers)", () => {
    for (const place of PLACES) {
      const a = address(place, sure);
      expect(hasUnvouchedDoubtfulWord(a.words, a.value, a.page, isAddressVocabularyWord)).toBe(false);
      const noProbability = { ...a, words: a.words.map((w) => ({ text: w.text, box: w.box, confidence: w.confidence })) };
      expect(hasUnvouchedDoubtfulWord(noProbability.words, a.value, a.page, isAddressVocabularyWord)).toBe(false);
    }
  });

  it("keeps it when the vocabulary knows every part of the word, or the page prints it again read the same", () => {
    for (const known of ["TAMAN", "Kepong", "KLANG,SELANGOR"]) {
      const a = address(known, doubted);
      expect(hasUnvouchedDoubtfulWord(a.words, a.value, a.page, isAddressVocabularyWord)).toBe(false);
    }
    for (const place of PLACES) {
      const a = address(place, doubted);
      expect(hasUnvouchedDoubtfulWord(a.words, a.value, [...a.page, `Thank you for visiting ${place}`.split(" ").at(-1)!], isAddressVocabularyWord)).toBe(false);
    }
  });

  it("leaves short words, words with digits and words a repair took out of the value to the other checks", () => {
    for (const place of ["LOT", "PJU6A", "1558-TMN"]) {
      const a = address(place, doubted);
      expect(hasUnvouchedDoubtfulWord(a.words, a.value, a.page, isAddressVocabularyWord)).toBe(false);
    }
    const mended = address("TANAN", doubted);
    expect(hasUnvouchedDoubtfulWord(mended.words, mended.value.replace("TANAN", "TAMAN"), mended.page, isAddressVocabularyWord)).toBe(false);
  });
});
