/**
 * Mends the two look-alike slips OCR makes most inside one word, for text a reviewer picks off an image or a
 * scanned page (the browser shares this with nothing else; the engine's own normalisation is per field).
 * Precision first: a word is changed only when exactly one character is out of place and the rest of the word
 * says what it should be.
 * - A figure with one letter read for a digit: `1O.50` → `10.50`, `2l.00` → `21.00` (at least two real digits,
 *   only digits and separators otherwise).
 * - A word of four or more letters, all in one case, with one digit read for a letter after its first letter:
 *   `SER1` → `SERI`, `T0TAL` → `TOTAL`. Shorter codes (`M8`, `MK1`) and words with more digits are left as read.
 */
const DIGIT_FOR_LETTER: Record<string, string> = { O: "0", o: "0", l: "1", I: "1" };
const LETTER_FOR_DIGIT: Record<string, string> = { "0": "O", "1": "I", "5": "S", "8": "B" };

function mendCore(core: string): string {
  const lookalikes = [...core].filter((character) => character in DIGIT_FOR_LETTER).length;
  if (lookalikes === 1 && /^[\dOolI.,]+$/.test(core) && (core.match(/\d/g) ?? []).length >= 2 && /^\d/.test(core)) {
    return [...core].map((character) => DIGIT_FOR_LETTER[character] ?? character).join("");
  }
  const digits = core.match(/\d/g) ?? [];
  if (core.length >= 4 && digits.length === 1 && digits[0]! in LETTER_FOR_DIGIT && /^\p{L}/u.test(core) && /^[\p{L}\d]+$/u.test(core)) {
    const letters = core.replace(/\d/g, "");
    const upper = letters === letters.toUpperCase();
    const lower = letters === letters.toLowerCase();
    if (!upper && !lower) return core;
    const letter = LETTER_FOR_DIGIT[digits[0]!]!;
    return core.replace(/\d/, upper ? letter : letter.toLowerCase());
  }
  return core;
}

/** One word as read, mended (see the module comment); its surrounding punctuation is kept. */
export function mendOcrWord(word: string): string {
  const match = /^([^\p{L}\d]*)(.*?)([^\p{L}\d]*)$/u.exec(word);
  if (!match || !match[2]) return word;
  return `${match[1]}${mendCore(match[2])}${match[3]}`;
}
