/** Small text helpers shared by fingerprints, teaching and reading. */

/** Lower-case letters and digits only, single-spaced: how two printings of one text are compared. */
export function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** 1 − Levenshtein distance / longer length. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[b.length]! / Math.max(a.length, b.length);
}

/** A word that reads as a word: three or more letters and no digits (figures change between documents). */
export function isStableWord(text: string): boolean {
  const word = normalise(text);
  return word.length >= 3 && /^\p{L}+$/u.test(word);
}

/** Between a label and its value only separators, currency marks and short codes may stand ("Total : RM 27.25"). */
export const FILLER = /^[^\p{L}\p{N}]*$|^\p{Lu}{1,3}[.:]?$|^\p{Sc}$/u;

/** A word with three or more figures ("#:CSP0422870", "18/06/2018") is a value or number, never a label's word. */
export function isIdentifier(text: string): boolean {
  return (text.match(/\p{N}/gu) ?? []).length >= 3;
}
