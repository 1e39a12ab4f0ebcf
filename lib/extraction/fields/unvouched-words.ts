import type { Word } from "../types";
import { letterKey } from "./doubtful-letters";

/**
 * A word of an OCR'd address the recogniser doubted (a letter under `UNVOUCHED_LETTER_FLOOR`) that nothing else
 * vouches for: not a word of the address vocabulary, and not printed again on the page with the same letters. A
 * doubted "JALAN" is still JALAN and a doubted word the page prints twice read the same both times is likely read
 * right; a doubted word of neither kind ("MUKIN" for MUKIM, "Besanent", "INDUSTRIA.") is more often misread than not.
 * The general floor (`ADDRESS_LETTER_FLOORS`, 0.45) is lower because it also judges those vouched words.
 *
 * Designed on half a of the SROIE training receipts' senders (no dev document): addresses written with such a word
 * under 0.6 were wrong 5 times of 5 (none right up to 0.65; at 0.7 a right one appears); half b: 3 wrong, 1 right.
 * Only words of four letters or more and no digit: short words and numbers ("LOT", "2811,", "1558-TMN") are read
 * surely enough as shapes, and a word's digits say nothing a vocabulary could vouch for.
 */
export const UNVOUCHED_LETTER_FLOOR = 0.6;

const MIN_LETTERS = 4;

/**
 * Whether one of `words` (the words `value` was read from) is doubted and unvouched. `pageWords` are the texts of
 * every word on the page (the value's own among them, so a repeat means twice); `known` says whether a word, marks
 * stripped, is in the vocabulary (each part of "BAHRU,JOHOR" on its own).
 */
export function hasUnvouchedDoubtfulWord(words: readonly Word[], value: string, pageWords: readonly string[], known: (word: string) => boolean): boolean {
  const valueKey = letterKey(value);
  return words.some((word) => {
    if (word.least === undefined || word.least >= UNVOUCHED_LETTER_FLOOR) return false;
    const key = letterKey(word.text);
    if (key.length < MIN_LETTERS || /\p{N}/u.test(key) || !valueKey.includes(key)) return false;
    const parts = word.text.split(/[^\p{L}]+/u).filter((p) => p !== "");
    if (parts.every((p) => known(p.toUpperCase()))) return false;
    return pageWords.filter((text) => letterKey(text) === key).length < 2;
  });
}
