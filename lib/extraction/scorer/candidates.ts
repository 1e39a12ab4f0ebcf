import { findAmounts } from "../../normalise/amounts";
import { findDates, type DateOrder, type FoundDate } from "../../normalise/dates";
import { memoPerOwnerAndKey } from "../fields/memo";
import type { SourceBox, Word } from "../types";
import { lineAmounts, wordsSource, type DocLine } from "../fields/document-lines";
import { wordsInSpan } from "../fields/read-value";

/** Every plausible value of a field on the page, where it was read, before any choice is made. */
export type ScoredKind = "amount" | "date";

export type ValueCandidate = {
  value: number | string;
  line: DocLine;
  words: Word[];
  source: SourceBox;
  raw: string;
  hasDecimals: boolean;
  /** Not printed as such: the rule engine derived it (arithmetic, a subtotal standing in for the total). */
  derived: boolean;
};

/** A digit run this long without decimals is a phone, account or reference number, not money. */
const LONGEST_WHOLE_AMOUNT = 1e7;

const datesOnLine = memoPerOwnerAndKey<DocLine, DateOrder, readonly FoundDate[]>();

/** The dates of a line's words (joined by spaces), read once per line: the amounts skip them, the dates list them. */
function datesOf(line: DocLine, text: string, order: DateOrder): readonly FoundDate[] {
  return datesOnLine(line, order, () => findDates(text, order));
}

function amountCandidates(line: DocLine, order: DateOrder): ValueCandidate[] {
  // Most lines of a page print no figure at all: nothing to parse (the parsers' regexes are the scorer's main cost).
  if (!/\d/.test(line.text)) return [];
  const text = line.words.map((w) => w.text).join(" ");
  // The line's amounts are found once per line and shared with the rules (lineAmounts) when the texts agree.
  const amounts = text === line.text ? lineAmounts(line) : findAmounts(text);
  if (amounts.length === 0) return [];
  const dates = datesOf(line, text, order);
  return amounts
    .filter((a) => {
      const after = text.slice(a.index + a.length).trimStart();
      const before = text.slice(0, a.index);
      // Rates ("6%", "GST@6X" where OCR read % as X), numbers inside dates and times ("12:30") are not amounts.
      if (after.startsWith("%") || /:$|@\s*$/.test(before) || after.startsWith(":")) return false;
      if (dates.some((d) => a.index < d.index + d.length && a.index + a.length > d.index)) return false;
      return a.hasDecimals || Math.abs(a.value) < LONGEST_WHOLE_AMOUNT;
    })
    .map((a) => {
      const words = wordsInSpan(line.words, a.index, a.length);
      return { value: a.value, line, words, source: wordsSource(line.page, words), raw: a.text, hasDecimals: a.hasDecimals, derived: false };
    });
}

function dateCandidates(line: DocLine, order: DateOrder): ValueCandidate[] {
  if (!/\d/.test(line.text)) return [];
  const text = line.words.map((w) => w.text).join(" ");
  return datesOf(line, text, order).map((d) => {
    const words = wordsInSpan(line.words, d.index, d.length);
    return { value: d.iso, line, words, source: wordsSource(line.page, words), raw: d.text, hasDecimals: false, derived: false };
  });
}

/** Every amount or date on every line, in reading order. */
export function valueCandidates(lines: DocLine[], kind: ScoredKind, order: DateOrder): ValueCandidate[] {
  return lines.flatMap((line) => (kind === "amount" ? amountCandidates(line, order) : dateCandidates(line, order)));
}
