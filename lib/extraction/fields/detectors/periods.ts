/**
 * Periods as statements print them: "March 1 - March 31, 2024", "03/01/2024 to 03/31/2024", "1–31 March 2024",
 * "For the period March 1, 2024 through March 31, 2024", "01.03.2024 - 31.03.2024". A period is two dates joined by
 * a dash or "to / through / until / -"; a year printed once stands for both ends.
 */
import { findDates, toIsoDate, type DateOrder } from "../../../normalise/dates";

export type Period = { start: string; end: string; index: number; length: number };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const JOIN = "\\s*(?:-|–|—|to|through|thru|until|till)\\s*";
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

/** "March 1 - March 31, 2024" and "March 1 - 31, 2024": the year printed only at the end. */
const MONTH_DAY_RANGE = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})${JOIN}(?:${MONTH}\\s+)?(\\d{1,2})\\s*,?\\s*(\\d{4})\\b`, "gi");
/** "1–31 March 2024", "1 - 31 Mar 2024". */
const DAY_RANGE_MONTH = new RegExp(`\\b(\\d{1,2})${JOIN}(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\b`, "gi");
const JOINER = new RegExp(`^${JOIN}$`, "i");

export function findPeriods(printed: string, order: DateOrder): Period[] {
  // "August 2,2018" (a comma with no space after it, as OCR reads it) is "August 2, 2018"; one character for
  // another, so the indices still point into the printed text.
  const text = printed.replace(/(\d),(?=\d{4}(?!\d))/g, "$1 ");
  const out: Period[] = [];
  const add = (start: string | null, end: string | null, index: number, length: number) => {
    if (!start || !end || start > end) return;
    if (out.some((p) => index < p.index + p.length && p.index < index + length)) return;
    out.push({ start, end, index, length });
  };
  for (const m of text.matchAll(MONTH_DAY_RANGE)) {
    const year = Number(m[5]);
    add(toIsoDate(year, monthOf(m[1]!), Number(m[2])), toIsoDate(year, monthOf(m[3] ?? m[1]!), Number(m[4])), m.index, m[0].length);
  }
  for (const m of text.matchAll(DAY_RANGE_MONTH)) {
    const year = Number(m[4]);
    const month = monthOf(m[3]!);
    add(toIsoDate(year, month, Number(m[1])), toIsoDate(year, month, Number(m[2])), m.index, m[0].length);
  }
  // Two full dates with only a joiner between them.
  const dates = findDates(text, order);
  for (let i = 0; i + 1 < dates.length; i += 1) {
    const a = dates[i]!;
    const b = dates[i + 1]!;
    const between = text.slice(a.index + a.length, b.index);
    if (JOINER.test(between) || /^\s*,?\s*(?:-|–|to|through)\s*$/i.test(between)) add(a.iso, b.iso, a.index, b.index + b.length - a.index);
  }
  return out.sort((x, y) => x.index - y.index);
}

/** "January 2026", "Mar. 2024": a month named with its year and nothing else, the period a payslip or bill covers. */
const MONTH_OF_YEAR = new RegExp(`^\\s*[:：]?\\s*${MONTH}\\s*,?\\s+(\\d{4})\\s*$`, "i");

/** The first and last day of a month printed as a whole ("Pay Period: January 2026"); null for anything else. */
export function monthPeriod(text: string): { start: string; end: string } | null {
  const m = MONTH_OF_YEAR.exec(text);
  if (!m) return null;
  const year = Number(m[2]);
  const month = monthOf(m[1]!);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const start = toIsoDate(year, month, 1);
  const end = toIsoDate(year, month, last);
  return start && end ? { start, end } : null;
}
