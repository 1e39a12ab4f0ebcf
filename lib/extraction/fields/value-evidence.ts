import type { ValueEvidence } from "../types";
import type { ValueKind } from "./concepts";
import type { Candidate } from "./find-labelled-value";

/** The amounts the net + tax = total check settled on, and cash tendered minus change when a receipt prints both. */
export type TotalsCheck = { subtotal: number | null; tax: number | null; total: number | null; paid: number | null };

/** A cash receipt's rounding to the coin moves a total by a few cents; more than that is a contradiction. */
const ROUNDING_SLACK = 0.05;
/** A different value scoring at least this share of the winner's score makes the pick doubtful. */
const RIVAL_SHARE = 0.85;

const near = (a: number, b: number, slack = 0.005) => Math.abs(a - b) < slack;

/** Net + tax = total for the totals, total = cash − change on receipts; amount due agreeing with the total. */
export function arithmeticCheck(key: string, value: string | number, totals: TotalsCheck | null): -1 | 0 | 1 {
  if (!totals || typeof value !== "number") return 0;
  const { subtotal, tax, total, paid } = totals;
  const partsAddUp = subtotal !== null && tax !== null && total !== null && tax !== 0 ? near(subtotal + tax, total, ROUNDING_SLACK) : null;
  switch (key) {
    case "total_amount":
      if (paid !== null && near(paid, value)) return 1;
      return partsAddUp === null ? 0 : partsAddUp ? 1 : -1;
    case "tax_amount":
      // A tax as large as a positive total leaves nothing to tax ("Absetzbarer Anteil (inkl. MwSt) 1.190,00" under a
      // total of 390,32): one of the two is wrong, whatever else was read.
      if (total !== null && total > 0 && value >= total) return -1;
      return partsAddUp === null ? 0 : partsAddUp ? 1 : -1;
    case "subtotal_amount":
      return partsAddUp === null ? 0 : partsAddUp ? 1 : -1;
    case "amount_due":
      return total !== null && near(total, value) ? 1 : 0;
    default:
      return 0;
  }
}

const DATE_WITH_YEAR = /\d{4}|\p{L}{3}/u;

/** Is the value a well-formed instance of its kind, as far as its text shows? */
export function typeCheck(kind: string, value: string | number, raw: string): boolean {
  const text = String(value).trim();
  switch (kind) {
    case "amount":
      // Money printed with its cents; a bare whole number next to a total label is often a count or a misread.
      return /\d[.,]\d{2}(?!\d)/.test(raw);
    case "date":
      // A four-digit year or a month name: a two-digit year leaves the century and often the order to guessing.
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && DATE_WITH_YEAR.test(raw);
    case "currency":
      return /^[A-Z]{3}$/.test(text);
    case "name": {
      const letters = (text.match(/\p{L}/gu) ?? []).length;
      const words = text.split(/\s+/).length;
      return text.length >= 2 && text.length <= 60 && words <= 8 && letters >= text.replace(/\s/g, "").length * 0.6;
    }
    case "address":
      return /\d/.test(text) && /\p{L}{3}/u.test(text) && text.length >= 10;
    case "id":
      return /\d/.test(text) && text.length <= 30 && text.split(/\s+/).length <= 2;
    default:
      return text.length > 0;
  }
}

/**
 * The evidence for a picked field value: its strategy and score, its type check, the arithmetic check of the
 * totals, and whether other labelled places agree with it or a different value came close. OCR confidence is
 * added later from the page model (`confidence/`), where table cells get theirs too.
 */
export function valueEvidence(best: Candidate, options: { kind: ValueKind; key: string; candidates: Candidate[]; totals: TotalsCheck | null }): ValueEvidence {
  const { kind, key, candidates, totals } = options;
  const same = (c: Candidate) => String(c.value) === String(best.value);
  const agreement = new Set(candidates.filter((c) => same(c) && c.line !== best.line).map((c) => c.line)).size;
  const rival = candidates.some((c) => !same(c) && c.score >= RIVAL_SHARE * best.score);
  return {
    strategy: best.strategy ?? "layout",
    score: Math.max(0, Math.min(1, best.score)),
    kind,
    typeOk: typeCheck(kind, best.value, best.raw),
    arithmetic: arithmeticCheck(key, best.value, totals),
    agreement,
    rival,
  };
}
