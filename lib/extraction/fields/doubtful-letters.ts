import type { Box, Word } from "../types";

/**
 * Least letter probabilities (`Word.least`, PP-OCR's lowest probability for one of a word's letters or digits) below
 * which a name or an address is more likely misread than right. A name or an address must match letter for letter,
 * so one letter the recogniser doubted ("Peiabur", its i at 0.33; "Brvadview", its v at 0.17) decides the value.
 * Measured on PP-OCR's readings of the dev images and receipts-dev, split_group half A: every address with a letter
 * under 0.45 (not vouched for by the address vocabulary) was wrong (6), the next one up (0.46) right; every name
 * with a letter under 0.40 was wrong (3), the next one up (0.43) right. Half B holds no value under either floor.
 */
export const ADDRESS_LETTER_FLOOR = 0.45;
export const NAME_LETTER_FLOOR = 0.4;

const letterKey = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();

/**
 * Whether one of `words` that the value was read from holds a letter or digit read below `floor`. Words whose letters
 * are not in the value (a registration number beside a name, an owner's line before the premises) do not count, nor
 * do words a repair rewrote (their doubtful letter is the one repaired: the value no longer holds the word as read),
 * nor those `vouched` says a vocabulary confirms. Words without a letter probability (tesseract, text layers) never do.
 */
export function hasDoubtfulLetter(words: readonly Word[], value: string, floor: number, vouched: (text: string) => boolean = () => false): boolean {
  const key = letterKey(value);
  return words.some((word) => {
    if (word.least === undefined || word.least >= floor) return false;
    const own = letterKey(word.text);
    return own.length > 0 && key.includes(own) && !vouched(word.text);
  });
}

/** The words of `lines` whose centre lies inside `box` (page fractions). */
export function wordsInside(lines: ReadonlyArray<{ page: number; words: readonly Word[] }>, page: number, box: Box): Word[] {
  return lines
    .filter((line) => line.page === page)
    .flatMap((line) => line.words)
    .filter((word) => {
      const cx = word.box.x + word.box.w / 2;
      const cy = word.box.y + word.box.h / 2;
      return cx >= box.x && cx <= box.x + box.w && cy >= box.y && cy <= box.y + box.h;
    });
}
