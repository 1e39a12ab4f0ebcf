import type { Box, Word } from "../types";
import { centreInside } from "../layout/box";

/**
 * How sure the recogniser was of the letters a value was read from: `least`, its lowest probability for any one
 * letter or digit (PP-OCR's `Word.least`, word by word), and `joint`, the product of every word's least, roughly the
 * chance that no word holds a misread letter. 1 and 1 when no word carries a letter probability (tesseract, text
 * layers).
 */
export type LetterDoubt = { least: number; joint: number };

/** Below either floor a value that must match letter for letter is more likely misread than right. */
export type LetterFloors = { least: number; joint: number };

/**
 * Measured on PP-OCR's readings of the dev images and receipts-dev, tuned on split_group half A. Addresses: every one
 * with a letter under 0.45 (not vouched for by the address vocabulary) was wrong (6 in half A), the next one up
 * (0.46) right; the two with a joint probability under 0.1 (several letters in doubt: "Bandar Baru PeRMAS", "Cheras,
 * 66100 Kl.") were wrong, the next (0.13) right. Names: under 0.40 one letter (3 wrong, the next up right at 0.43),
 * under 0.25 jointly (1 wrong, the next up right at 0.30).
 */
export const ADDRESS_LETTER_FLOORS: LetterFloors = { least: 0.45, joint: 0.1 };
export const NAME_LETTER_FLOORS: LetterFloors = { least: 0.4, joint: 0.25 };

/** A text's letters and digits in capitals, marks and spaces gone: how a word is matched to the value it was read into. */
export const letterKey = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();

/**
 * The letter doubt of a value over the `words` it was read from. Words whose letters are not in the value (a
 * registration number beside a name, an owner's line before the premises) do not count, nor do words a repair
 * rewrote (their doubtful letter is the one repaired: the value no longer holds the word as read), nor those
 * `vouched` says a vocabulary confirms.
 */
export function letterDoubt(words: readonly Word[], value: string, vouched: (text: string) => boolean = () => false): LetterDoubt {
  const key = letterKey(value);
  let least = 1;
  let joint = 1;
  for (const word of words) {
    if (word.least === undefined) continue;
    const own = letterKey(word.text);
    if (own.length === 0 || !key.includes(own) || vouched(word.text)) continue;
    least = Math.min(least, word.least);
    joint *= word.least;
  }
  return { least, joint };
}

/** Whether a value's letters are in more doubt than `floors` allow. */
export function hasDoubtfulLetters(words: readonly Word[], value: string, floors: LetterFloors, vouched?: (text: string) => boolean): boolean {
  const doubt = letterDoubt(words, value, vouched);
  return doubt.least < floors.least || doubt.joint < floors.joint;
}

/** The words of `lines` whose centre lies inside `box` (page fractions). */
export function wordsInside(lines: ReadonlyArray<{ page: number; words: readonly Word[] }>, page: number, box: Box): Word[] {
  return lines
    .filter((line) => line.page === page)
    .flatMap((line) => line.words)
    .filter((word) => centreInside(word.box, box));
}
