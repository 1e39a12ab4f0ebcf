import { findDates, toIsoDate, type DateOrder } from "../../normalise/dates";
import { normaliseToken } from "../fields/text-tokens";

/**
 * Dates printed without their year, as statements print them in their rows ("07/14", "02-01", "2nd Mar", "Mar 2",
 * "14. Feb"): the year comes from the document's full dates (the statement period), the one of the same month when
 * there is one; the order of day and month from the document's own short dates (a part above 12 tells).
 */
export type YearContext = { order: DateOrder; months: Array<{ y: number; m: number }> };

/** Month names by their first letters, in the languages documents come in (accents already folded). */
const MONTH_PREFIXES: Array<[number, string[]]> = [
  [1, ["jan", "ene", "gen"]], [2, ["feb", "fev"]], [3, ["mar", "mrt"]], [4, ["apr", "avr", "abr"]], [5, ["may", "mai", "mei", "mag"]], [6, ["jun", "jui", "giu"]],
  [7, ["jul", "lug"]], [8, ["aug", "aou", "ago"]], [9, ["sep", "set"]], [10, ["oct", "okt", "ott"]], [11, ["nov"]], [12, ["dec", "dez", "dic"]],
];

function monthOf(word: string): number | null {
  const t = normaliseToken(word);
  if (t.length < 3 || t.length > 9 || !/^\p{L}+$/u.test(t)) return null;
  // "juin" / "juil": French June and July share their first three letters.
  if (t.startsWith("juil")) return 7;
  const found = MONTH_PREFIXES.find(([, ps]) => ps.some((p) => t.startsWith(p)));
  return found ? found[0] : null;
}

/** The document's short dates decide day-first or month-first; `fallback` (its full dates' order) otherwise. */
export function yearContext(text: string, fallback: DateOrder): YearContext {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})[/-](\d{1,2})(?![\d/.-])/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy += 1;
    else if (b > 12 && a <= 12) mdy += 1;
  }
  const order = mdy > dmy ? "mdy" : dmy > mdy ? "dmy" : fallback;
  const months = findDates(text, fallback).map((d) => ({ y: Number(d.iso.slice(0, 4)), m: Number(d.iso.slice(5, 7)) }));
  return { order, months };
}

function yearFor(month: number, ctx: YearContext): number | null {
  const same = ctx.months.find((d) => d.m === month);
  if (same) return same.y;
  const years = ctx.months.map((d) => d.y);
  if (years.length === 0) return null;
  const counts = new Map<number, number>();
  for (const y of years) counts.set(y, (counts.get(y) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
}

/** A date without its year, completed; null when the text is none or the document gives no year. */
export function partialDate(text: string, ctx: YearContext): string | null {
  const t = text.trim();
  const numeric = /^(\d{1,2})[/.-](\d{1,2})\.?$/.exec(t);
  let day: number | null = null;
  let month: number | null = null;
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2]);
    [day, month] = ctx.order === "mdy" ? [b, a] : [a, b];
  } else {
    const dayFirst = /^(\d{1,2})(?:st|nd|rd|th|er|\.)?\s*([\p{L}]+)\.?$/u.exec(t);
    const monthFirst = /^([\p{L}]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?$/u.exec(t);
    if (dayFirst) [day, month] = [Number(dayFirst[1]), monthOf(dayFirst[2]!)];
    else if (monthFirst) [day, month] = [Number(monthFirst[2]), monthOf(monthFirst[1]!)];
  }
  if (day === null || month === null) return null;
  const year = yearFor(month, ctx);
  return year === null ? null : toIsoDate(year, month, day);
}
