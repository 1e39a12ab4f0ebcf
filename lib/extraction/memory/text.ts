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

/**
 * The longest run of consecutive characters that one cheapest alignment of `a` with `b` does not pair up as equal:
 * OCR slips are scattered characters ("TAMPOL" for "TAMPOI"), another word in a text's place is a run ("KUCHAI" for
 * "JOHOR"), as is a line that is missing or different.
 */
export function longestEditRun(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const cost = new Uint16Array(rows * cols);
  for (let i = 0; i < rows; i += 1) cost[i * cols] = i;
  for (let j = 0; j < cols; j += 1) cost[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const pair = cost[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      cost[i * cols + j] = Math.min(pair, cost[(i - 1) * cols + j]! + 1, cost[i * cols + j - 1]! + 1);
    }
  }
  // Walk back along one cheapest alignment, counting runs of edited steps.
  let i = a.length;
  let j = b.length;
  let run = 0;
  let longest = 0;
  while (i > 0 || j > 0) {
    const here = cost[i * cols + j]!;
    if (i > 0 && j > 0 && a[i - 1] === b[j - 1] && cost[(i - 1) * cols + j - 1] === here) {
      run = 0;
      i -= 1;
      j -= 1;
      continue;
    }
    run += 1;
    longest = Math.max(longest, run);
    if (i > 0 && j > 0 && cost[(i - 1) * cols + j - 1] === here - 1) {
      i -= 1;
      j -= 1;
    } else if (i > 0 && cost[(i - 1) * cols + j] === here - 1) i -= 1;
    else j -= 1;
  }
  return longest;
}
