/**
 * Labels for the row classifier taken from the printed page: for each ground-truth item, which of the lines read under
 * the table's header make it up. The item's first line is the one that prints its description's first word with its
 * amount on it or just below; the lines after it that print the rest of its description are its continuation; a line
 * the generator printed as a section name is a heading; every other line (subtotals, carried-forward lines, notes,
 * identifiers, a page's foot, parent lines of bundles the ground truth does not list) is other.
 *
 * Lines whose role the ground truth cannot tell (those under an item whose description it leaves empty) are null, and
 * training leaves them out rather than guess.
 */
import { findAmounts } from "../../lib/normalise/amounts";
import type { RowRole } from "../../lib/extraction/tables/row-model";

export const normaliseText = (s: string): string =>
  s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();

const tokensOf = (s: string): string[] => normaliseText(s).split(" ").filter((t) => t !== "");

/** How many lines below an item's first words its amount may print (descriptions wrapped before the numbers). */
const AMOUNT_REACH = 2;
/** Share of a line's words that must be the item's next description words for the line to continue it. */
const CONTINUATION_SHARE = 0.8;

type GtItem = { words: string[]; amount: number | null };

/**
 * How a printed word stands for a description word: whole, or as one part of a word a hyphen split over two lines
 * ("Staudenmischbepflanzu" / "ng"): its start (the word is still to finish) or its end.
 */
function wordMatch(printed: string, described: string): "whole" | "start" | "end" | null {
  if (printed === described) return "whole";
  if (printed.length >= 4 && described.startsWith(printed)) return "start";
  if (printed.length >= 2 && described.endsWith(printed)) return "end";
  return null;
}

const sameWord = (printed: string, described: string): boolean => wordMatch(printed, described) !== null;
const hasLetter = (t: string): boolean => /\p{L}/u.test(t);

const hasAmount = (text: string, amount: number): boolean => findAmounts(text).some((a) => Math.abs(Math.abs(a.value) - Math.abs(amount)) < 0.006);

/**
 * The index of the line that starts `item` at or after `from`, or -1 when it is not printed there: the first line
 * printing its amount, and of the lines up to AMOUNT_REACH above it, the nearest one printing its description's first
 * word (a description wrapped before the numbers starts above them; a parent line of a bundle above it does not).
 */
function firstLineOf(item: GtItem, lines: string[][], texts: string[], from: number): number {
  if (item.amount === null) return -1;
  for (let k = from; k < lines.length; k += 1) {
    if (!hasAmount(texts[k]!, item.amount)) continue;
    // Without a description to find, only a line with the amount on it.
    if (item.words.length === 0) return k;
    for (let i = k; i >= Math.max(from, k - AMOUNT_REACH); i -= 1) {
      if (lines[i]!.some((t) => sameWord(t, item.words[0]!))) return i;
    }
  }
  return -1;
}

/**
 * The description words a line prints, consumed in order from `rest` (words with a letter only; a word may skip at most
 * two unprinted ones); the share of the line's words with a letter that they make; and whether the line picks the
 * description up where it stopped (its first matched word is the next one).
 */
function consume(line: string[], rest: string[]): { share: number; next: boolean; rest: string[] } {
  const words = line.filter(hasLetter);
  let remaining = rest;
  let matched = 0;
  let next = false;
  for (const w of words) {
    const at = remaining.findIndex((d) => sameWord(w, d));
    if (at < 0 || at > 2) continue;
    if (matched === 0) next = at === 0;
    matched += 1;
    // A word's start leaves the word for its end on the next line.
    remaining = remaining.slice(wordMatch(w, remaining[at]!) === "start" ? at : at + 1);
  }
  return { share: words.length === 0 ? 0 : matched / words.length, next, rest: remaining };
}

/** The role of each line read under a header (in reading order), from the items of the document's ground truth. */
export function labelPrintedLines(texts: string[], gtRows: Array<Record<string, string | undefined>>, headings: ReadonlySet<string>): Array<RowRole | null> {
  const lines = texts.map(tokensOf);
  const items: GtItem[] = gtRows.map((gt) => {
    const amount = Number(gt.amount);
    return { words: tokensOf(gt.description ?? "").filter(hasLetter), amount: gt.amount !== undefined && gt.amount !== "" && Number.isFinite(amount) ? amount : null };
  });
  const roles: Array<RowRole | null> = texts.map((t) => (headings.has(normaliseText(t)) ? "heading" : "other"));
  // Each item's first line, in the ground truth's order; an item not found leaves the cursor where it was.
  const starts: Array<{ line: number; item: GtItem }> = [];
  let cursor = 0;
  for (const item of items) {
    const line = firstLineOf(item, lines, texts, cursor);
    if (line < 0) continue;
    starts.push({ line, item });
    roles[line] = "item";
    cursor = line + 1;
  }
  starts.forEach(({ line, item }, n) => {
    const end = starts[n + 1]?.line ?? lines.length;
    if (item.words.length === 0) {
      // Its description is not in the ground truth: whether the lines under it print one is unknown.
      for (let i = line + 1; i < end; i += 1) if (roles[i] !== "heading") roles[i] = null;
      return;
    }
    // The item's own line prints the description's start (beside codes and numbers the description does not hold).
    let rest = consume(lines[line]!, item.words).rest;
    for (let i = line + 1; i < end && rest.length > 0; i += 1) {
      if (roles[i] === "heading") break;
      const step = consume(lines[i]!, rest);
      // A line continues the description when it is mostly the description's next words, or when it picks the
      // description up where it stopped beside other columns' text ("Art-Nr-Lieferant: | von Solarhaltern mit", the
      // note in the code column, the wrapped description in its own). A line with no letter never does.
      if (step.share < CONTINUATION_SHARE && !step.next) continue;
      roles[i] = "continuation";
      rest = step.rest;
    }
  });
  return roles;
}
