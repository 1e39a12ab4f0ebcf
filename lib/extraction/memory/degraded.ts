import type { Box } from "../types";
import { continuesBelow, linesOf, textOf, unionBox } from "./layout";
import { normalise } from "./text";
import type { DocumentLayout, LayoutWord } from "./types";

/**
 * A taught name or address printed again so faintly that OCR dropped letters all over it ("12, JalanTam7/4KawsanPrdusan
 * Tampol120oJohrBahruJhr" for "12, JALAN TAMPOI 7/4,KAWASAN PERINDUSTRIAN TAMPOI,81200 JOHOR BAHRU,JOHOR"): too far
 * from the taught text for a near spelling, yet nearly every letter it shows is one of the taught text's, in order.
 * That is what tells it from another text: another branch's name, another address of the sender, the taught address
 * short of its own last line or with another one, all print letters or figures the taught text does not have, or
 * leave a whole word of it out.
 */
export type DegradedPrinting = { page: number; box: Box; raw: string; similarity: number };

/** Share of the printed letters and figures that must be the taught ones, in order. */
const PRINTED_EXPLAINED = 0.9;
/** Share of the taught letters and figures still printed: OCR drops letters, not most of a text. */
const TAUGHT_PRINTED = 0.7;
/** The longest run of taught characters missing from the print: more is a word or a line left out, not faint ink. */
const MAX_MISSING_RUN = 4;
/** Shorter texts are too easily spelt out of another one's letters. */
const MIN_LENGTH = 16;
const MAX_LINES = 5;

/**
 * The run of lines (the last one possibly cut short: a phone number printed after an address on its line) that is a
 * faint printing of `taught`, the best one on the document; null when none is. Letters and figures only; a text
 * with more figures than letters (an identifier) is never read this way.
 */
export function degradedPrinting(layout: DocumentLayout, taught: string, taughtPage: number | null = null): DegradedPrinting | null {
  const wanted = compact(taught);
  if (wanted.length < MIN_LENGTH || (wanted.match(/\d/g) ?? []).length * 2 > wanted.length) return null;
  const wantedDigits = wanted.replace(/\D/g, "");
  const wantedBag = letterBag(wanted);
  let best: DegradedPrinting | null = null;
  // The page it was taught on (the first when unknown): a sender's name and address do not wander between pages, and
  // a long document's other pages would cost a common-subsequence search per run of lines.
  for (const page of layout.pages.filter((candidate) => candidate.n === (taughtPage ?? layout.pages[0]?.n))) {
    const lines = linesOf(page);
    for (let start = 0; start < lines.length; start += 1) {
      const run = [lines[start]!];
      for (let next = start + 1; run.length <= MAX_LINES; next += 1) {
        const last = run[run.length - 1]!;
        const before = run.slice(0, -1).flatMap((line) => line.words);
        for (let cut = 1; cut <= last.words.length; cut += 1) {
          const words: LayoutWord[] = [...before, ...last.words.slice(0, cut)];
          const printed = compact(textOf(words));
          if (printed.length > wanted.length * 1.2) break;
          // Cheap first: letters the taught text has too, counted without order, must already be enough.
          if (!enoughInBag(printed, wantedBag, wanted.length)) continue;
          const score = faintScore(printed, wanted, wantedDigits);
          if (score !== null && (!best || score > best.similarity)) best = { page: page.n, box: unionBox(words), raw: textOf(words), similarity: score };
        }
        const line = lines[next];
        if (!line || !continuesBelow(last, line) || compact(textOf(run.flatMap((item) => item.words))).length > wanted.length * 1.2) break;
        run.push(line);
      }
    }
  }
  return best;
}

const compact = (text: string) => normalise(text).replace(/ /g, "");

function letterBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const char of text) bag.set(char, (bag.get(char) ?? 0) + 1);
  return bag;
}

/** An upper bound of the common subsequence (common letters, order aside) already meets both shares. */
function enoughInBag(printed: string, wanted: Map<string, number>, wantedLength: number): boolean {
  let common = 0;
  for (const [char, count] of letterBag(printed)) common += Math.min(count, wanted.get(char) ?? 0);
  return common >= PRINTED_EXPLAINED * printed.length && common >= TAUGHT_PRINTED * wantedLength;
}

/** How well `printed` reads as a faint printing of `wanted` (the F-measure of their common letters), or null. */
export function faintScore(printed: string, wanted: string, wantedDigits = wanted.replace(/\D/g, "")): number | null {
  if (printed.length === 0) return null;
  const { common, longestMissing } = commonLetters(printed, wanted);
  if (common < PRINTED_EXPLAINED * printed.length || common < TAUGHT_PRINTED * wanted.length || longestMissing > MAX_MISSING_RUN) return null;
  // Figures tell addresses of one sender apart ("NO. 17-G" and "NO. 31G&33G" of the same street): every figure
  // printed is one of the taught ones, in order.
  if (!isSubsequence(printed.replace(/\D/g, ""), wantedDigits)) return null;
  return (2 * common) / (printed.length + wanted.length);
}

/** The longest common subsequence of two strings, and the longest run of `wanted` left out of one such alignment. */
function commonLetters(printed: string, wanted: string): { common: number; longestMissing: number } {
  const n = printed.length;
  const m = wanted.length;
  const table = new Uint16Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => table[i * (m + 1) + j]!;
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      table[i * (m + 1) + j] = printed[i] === wanted[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  let i = 0;
  let j = 0;
  let run = 0;
  let longestMissing = 0;
  while (j < m) {
    if (i < n && printed[i] === wanted[j] && at(i, j) === at(i + 1, j + 1) + 1) {
      i += 1;
      j += 1;
      run = 0;
    } else if (i < n && at(i + 1, j) >= at(i, j + 1)) i += 1;
    else {
      j += 1;
      run += 1;
      longestMissing = Math.max(longestMissing, run);
    }
  }
  return { common: at(0, 0), longestMissing };
}

function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const char of short) {
    at = long.indexOf(char, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}
