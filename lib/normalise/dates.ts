/** Date recognition in the orders and languages invoices use, normalised to ISO yyyy-mm-dd. */

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: Array<[number, string[]]> = [
  [1, ["january", "jan", "januar", "jänner", "janvier", "janv", "januari", "enero", "ene", "gennaio", "gen", "janeiro", "января", "январь", "янв"]],
  [2, ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "februari", "febrero", "febbraio", "fevereiro", "fev", "февраля", "февраль", "фев"]],
  [3, ["march", "mar", "märz", "maerz", "mars", "maart", "marzo", "março", "mrz", "mär", "mrt", "марта", "март"]],
  [4, ["april", "apr", "avril", "avr", "abril", "abr", "aprile", "апреля", "апрель", "апр"]],
  [5, ["may", "mai", "mei", "mayo", "maggio", "mag", "maio", "мая", "май"]],
  [6, ["june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho", "июня", "июнь"]],
  [7, ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho", "июля", "июль"]],
  [8, ["august", "aug", "août", "aout", "augustus", "agosto", "ago", "августа", "август", "авг"]],
  [9, ["september", "sep", "sept", "septembre", "septiembre", "settembre", "set", "setembro", "сентября", "сентябрь", "сен"]],
  [10, ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out", "октября", "октябрь", "окт"]],
  [11, ["november", "nov", "novembre", "noviembre", "novembro", "ноября", "ноябрь", "ноя"]],
  [12, ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre", "dezembro", "декабря", "декабрь", "дек"]],
];
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month;

const MONTH_RE = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((m) => m.replace(/\./g, "\\."))
  .join("|");

export type DateOrder = "dmy" | "mdy";

export type FoundDate = { iso: string; index: number; length: number; text: string };

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function fullYear(y: number): number {
  if (y >= 100) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** Returns an ISO date when y/m/d form a real calendar date in a plausible range, else null. */
export function toIsoDate(year: number, month: number, day: number): string | null {
  const y = fullYear(year);
  if (y < 1950 || y > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${y}-${pad(month)}-${pad(day)}`;
}

/**
 * Whether a match is glued into a longer code: right after a letter ("HD03-04-06", an article number), after a letter
 * or digit and a separator ("MI11/3-21 - 12/480", a pack size), or before a hyphen and a digit
 * ("SP-nul1-18/06/04-1016956", a till's receipt number that holds the date year first). Only asked of two-digit
 * years: there a code's digit groups read as a valid date in another order, while a four-digit year is a date however
 * it is glued.
 */
function gluedToCode(m: RegExpExecArray): boolean {
  const before = m.input.slice(Math.max(0, m.index - 2), m.index);
  const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 2);
  return /\p{L}$/u.test(before) || /[\p{L}\d][-/.]$/u.test(before) || /^-\d/.test(after);
}

const PATTERNS: Array<{ re: RegExp; read: (m: RegExpExecArray, order: DateOrder) => string | null }> = [
  // 2014-03-29, 2014/03/29, 2014.03.29
  {
    re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g,
    read: (m) => toIsoDate(Number(m[1]), Number(m[2]), Number(m[3])),
  },
  // 29.03.2014, 29/03/14, 03-29-2014 (order decided by the values, else by the preferred order)
  {
    re: /(?<![\d.,])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d])/g,
    read: (m, order) => {
      if (m[4]!.length === 2 && gluedToCode(m)) return null;
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = Number(m[4]);
      if (a > 12 && b <= 12) return toIsoDate(y, b, a);
      if (b > 12 && a <= 12) return toIsoDate(y, a, b);
      return order === "mdy" ? toIsoDate(y, a, b) : toIsoDate(y, b, a);
    },
  },
  // "27.03/2018": a stop and a slash mixed, as OCR reads a receipt's slash now and then; only with a four-digit year,
  // which no amount, time or reference has after such a pair.
  {
    re: /(?<![\d.,/])(\d{1,2})([./])(\d{1,2})(?!\2)[./](\d{4})(?!\d)/g,
    read: (m, order) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = Number(m[4]);
      if (a > 12 && b <= 12) return toIsoDate(y, b, a);
      if (b > 12 && a <= 12) return toIsoDate(y, a, b);
      return order === "mdy" ? toIsoDate(y, a, b) : toIsoDate(y, b, a);
    },
  },
  // 29 maart 2014, 11. März 2014, 03 марта 2026 г., 1er janvier 2020, 29-Mar-2014, 29 Mar 14, 11 de enero de 2022, 1º de março de 2023
  {
    // A two-digit "year" followed by ", 2014" is the day of a month-first date ("July 1 - July 31 , 2014").
    // Spanish and Portuguese join the parts with "de" ("del" before the year in some Spanish writing).
    re: new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:er|st|nd|rd|th|º|°)?\\.?(?:\\s+de)?[\\s\\-/]*(${MONTH_RE})\\.?(?:\\s+del?(?=\\s))?[\\s\\-/,]*(\\d{4}|\\d{2}(?!\\s*,\\s*\\d{4}))(?!\\d)`, "giu"),
    read: (m) => toIsoDate(Number(m[3]), MONTHS[m[2]!.toLowerCase()] ?? 0, Number(m[1])),
  },
  // March 29, 2014, Mar 29 2014
  {
    re: new RegExp(`(?<![\\p{L}])(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})(?!\\d)`, "giu"),
    read: (m) => toIsoDate(Number(m[3]), MONTHS[m[1]!.toLowerCase()] ?? 0, Number(m[2])),
  },
];

/** Finds every date in a text, in order of appearance; overlapping matches keep the first pattern's reading. */
export function findDates(text: string, order: DateOrder = "dmy"): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const iso = read(m, order);
      if (!iso) continue;
      const index = m.index;
      const end = index + m[0].length;
      if (found.some((f) => index < f.index + f.length && end > f.index)) continue;
      found.push({ iso, index, length: m[0].length, text: m[0] });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Parses a text that should hold one date; returns ISO yyyy-mm-dd or null. */
export function parseDate(text: string, order: DateOrder = "dmy"): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}
