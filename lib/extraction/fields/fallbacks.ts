import { findCurrencies } from "../normalise/currency";
import { findDates } from "../../normalise/dates";
import type { FieldContext as Context } from "./context";
import type { DocLine } from "./document-lines";
import type { Candidate } from "./find-labelled-value";

/** Fallbacks for fields whose label is missing: weaker evidence, lower confidence. */

/** Words of a document's title line: "Handelsrechnung Nr. 471102 vom 15.11.2024", "Invoice INV-7 of 3 May 2024". */
const TITLE_WORDS = /(?:^|[^\p{L}])(?:invoice|rechnung|handelsrechnung|facture|factuur|factura|fattura|credit note|gutschrift)(?:$|[^\p{L}])/iu;

/**
 * An unlabelled invoice date: the date on the document's title line (the invoice word and its number), else the
 * first date printed (a stylesheet's or a letterhead's dates further up are not the invoice's when the title has one).
 */
export function firstDate(ctx: Context): Candidate | null {
  for (const line of ctx.lines) {
    if (!TITLE_WORDS.test(line.text) || !/\d/.test(line.text.replace(/\d{1,4}[./-]\d{1,2}[./-]\d{2,4}/g, ""))) continue;
    const d = findDates(line.text, ctx.order)[0];
    if (d) return { value: d.iso, score: 0.45, source: { page: line.page, ...line.box }, raw: d.text, line: line.index };
  }
  const printed = ctx.lines.flatMap((line) => findDates(line.text, ctx.order).filter((d) => standsAlone(line.text, d)).map((d) => ({ line, d })));
  // A till stamps the date with the time ("15-07-18 10:35", "04:54 pm, 27 March, 2018"): that date is the receipt's.
  const stamped = printed.find(({ line, d }) => TIME_AFTER.test(line.text.slice(d.index + d.length)) || TIME_BEFORE.test(line.text.slice(0, d.index)));
  const chosen = stamped ?? printed[0];
  if (!chosen) return null;
  const { line, d } = chosen;
  return { value: d.iso, score: 0.4, source: { page: line.page, ...line.box }, raw: d.text, line: line.index };
}

/** A time right after a date: "10:35", "11:44:02", "9:05PM". */
const TIME_AFTER = /^\s+\d{1,2}:\d{2}\b/;
/** …or right before it: "04:54 pm, 27 March, 2018". */
const TIME_BEFORE = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?[,\s]+$/i;

/** A date is printed on its own, not inside a code: "RC11-23-42" is an article number. */
function standsAlone(text: string, date: { index: number; length: number }): boolean {
  return !/[\p{L}\d]/u.test(text[date.index - 1] ?? "") && !/[\p{L}]/u.test(text[date.index + date.length] ?? "");
}

const DUE_WORDS = /(?:zahlbar|payable|payment due|due|fällig|faellig|échéance|echeance|betalen|vervaldatum|à payer|a payer|pay by|zu zahlen|à régler|a regler)/i;

/** Payment terms in prose: "Zahlbar innerhalb 30 Tagen netto bis 04.07.2018", "payable by 30 March 2020". */
export function dueDateInTerms(ctx: Context): Candidate | null {
  for (const line of ctx.lines) {
    const m = DUE_WORDS.exec(line.text);
    if (!m) continue;
    const d = findDates(line.text.slice(m.index), ctx.order)[0];
    if (d) return { value: d.iso, score: 0.5, source: { page: line.page, ...line.box }, raw: d.text, line: line.index };
  }
  return null;
}

const WEAK_Q = "GTQ:Q";

/** The currency printed most often next to amounts; a bare "$" only when nothing more specific appears. */
export function dominantCurrency(ctx: Context): Candidate | null {
  const tally = new Map<string, { n: number; line: DocLine }>();
  for (const line of ctx.lines) {
    for (const found of findCurrencies(line.text)) {
      const hit = found.code === "GTQ" && found.length <= 2 ? { ...found, code: WEAK_Q } : found;
      const entry = tally.get(hit.code) ?? { n: 0, line };
      entry.n += 1;
      tally.set(hit.code, entry);
    }
  }
  // A bare "$" or a quetzal's "Q" is weak: either counts only when nothing more specific is printed, and "$" wins over
  // "Q" (a "Q" before an amount may also abbreviate a quantity).
  const ranked = [...tally.entries()].filter(([code]) => code !== "$" && code !== WEAK_Q).sort((a, b) => b[1].n - a[1].n);
  const top = ranked[0] ?? (tally.has("$") ? (["$", tally.get("$")!] as const) : [...tally.entries()][0]);
  if (!top) return null;
  const [code, { n, line }] = top;
  return { value: code === "$" ? "USD" : code === WEAK_Q ? "GTQ" : code, score: Math.min(0.9, 0.5 + 0.1 * n), source: { page: line.page, ...line.box }, raw: code, line: line.index };
}

export function firstPattern(ctx: Context, find: (t: string) => Array<{ value: string; index: number }>): Candidate | null {
  for (const line of ctx.lines) {
    const hit = find(line.text)[0];
    if (hit) return { value: hit.value, score: 0.6, source: { page: line.page, ...line.box }, raw: hit.value, line: line.index };
  }
  return null;
}
