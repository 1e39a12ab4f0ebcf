import { findAmounts } from "../../normalise/amounts";
import type { FieldContext as Context } from "./context";
import { docLinesByPage, lineAmounts, linesOnPage, sameRow, type DocLine } from "./document-lines";
import type { Candidate } from "./find-labelled-value";
import { memoPerOwner } from "./memo";

/** Cash rounding moves a total by less than the smallest coin in use (5 cents where it is practised). */
const MAX_ROUNDING = 0.05;
// "Roundng Adjusiment": OCR drops a letter now and then; a word starting with "round" names the adjustment.
const ROUNDING = /\b(?:round\p{L}*|rundung|arrondi)\b/iu;

/**
 * Cash receipts round the payable total ("Total 41.48 / Rounding 0.02 / Total 41.50"): when a small rounding
 * adjustment is printed and the adjusted total appears too, the adjusted one is what was paid.
 */
export function applyRounding(total: Candidate, ctx: Context, candidates: readonly Candidate[] = []): Candidate {
  if (typeof total.value !== "number") return total;
  const value0 = total.value;
  const linesOfPage = docLinesByPage(ctx.lines);
  for (const line of roundingLines(ctx.lines)) {
    // "Total Incl GST 7.42 / Rounding (0.02) / Total Payable 7.40": a total labelled under the rounding line, a few
    // cents from this one, is the rounded one (its printed adjustment may be misread).
    if (line.index > total.line) {
      const rounded = candidates.find((c) => c.line > line.index && c.line - line.index <= 3 && c.source.page === line.page && typeof c.value === "number" && c.value !== value0 && Math.abs(c.value - value0) <= MAX_ROUNDING);
      if (rounded) return rounded;
    }
    const row = (linesOfPage.get(line.page) ?? []).filter((l) => sameRow(l.box, line.box) && l.box.x >= line.box.x);
    const rowAmounts = findAmounts(row.map((l) => l.text).join(" ")).filter((a) => a.hasDecimals);
    // "Rounding RM 182.00" next to a 181.98 total: the rounding row prints the rounded total itself.
    const roundedTotal = rowAmounts.find((a) => a.value !== value0 && Math.abs(a.value - value0) <= 0.05 && Math.abs(a.value) >= 1);
    if (roundedTotal) return { ...total, value: roundedTotal.value, source: { page: line.page, ...line.box }, raw: roundedTotal.text, line: line.index };
    const amounts = rowAmounts.filter((a) => Math.abs(a.value) > 0 && Math.abs(a.value) < 0.1);
    for (const adj of amounts) {
      for (const value of [value0 + adj.value, value0 - adj.value]) {
        const rounded = Math.round(value * 100) / 100;
        const where = firstLinePrinting(ctx.lines, rounded, total.line - 3);
        if (where) return { ...total, value: rounded, source: { page: where.page, ...where.box }, raw: String(rounded), line: where.index };
      }
    }
  }
  return total;
}

/** The lines that name a rounding adjustment, in document order, found once per document. */
const roundingLinesOf = memoPerOwner<readonly DocLine[], DocLine[]>();

function roundingLines(lines: readonly DocLine[]): DocLine[] {
  return roundingLinesOf(lines, () => lines.filter((line) => ROUNDING.test(line.text)));
}

/**
 * The positions (in document order) of the lines printing an amount, by the amount's whole cents, found once per
 * document when a rounding adjustment is first checked: on a long document (many receipts in one file) every
 * adjustment used to scan the rest of the document for the adjusted total.
 */
const positionsByCentsOf = memoPerOwner<readonly DocLine[], Map<number, number[]>>();

function positionsByCents(lines: readonly DocLine[]): Map<number, number[]> {
  return positionsByCentsOf(lines, () => {
    const byCents = new Map<number, number[]>();
    lines.forEach((line, position) => {
      for (const a of lineAmounts(line)) {
        const cents = Math.round(a.value * 100);
        const positions = byCents.get(cents);
        if (!positions) byCents.set(cents, [position]);
        else if (positions[positions.length - 1] !== position) positions.push(position);
      }
    });
    return byCents;
  });
}

/**
 * The first line (in document order) after line `after` that prints `value` (within a tenth of a cent). An amount
 * that close has the same whole cents, give or take one: only those buckets are looked at.
 */
function firstLinePrinting(lines: readonly DocLine[], value: number, after: number): DocLine | undefined {
  const byCents = positionsByCents(lines);
  const cents = Math.round(value * 100);
  let first: number | undefined;
  for (const key of [cents - 1, cents, cents + 1]) {
    for (const position of byCents.get(key) ?? []) {
      if (first !== undefined && position >= first) break;
      const line = lines[position]!;
      if (line.index > after && lineAmounts(line).some((a) => Math.abs(a.value - value) < 0.001)) {
        first = position;
        break;
      }
    }
  }
  return first === undefined ? undefined : lines[first];
}

/** Whether a rounding line follows line `after`: the adjusted total it leads to was printed below, if unread. */
export function roundingBelow(lines: readonly DocLine[], after: number): boolean {
  return roundingLines(lines).some((line) => line.index > after);
}

const TAX_WORD = /\b(?:gst|sst|vat|tax|mwst|ust|tva|btw)\b/i;
const RATE = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/;

/**
 * "(Total Included GST @ 6% 1.42)": a line that names a tax and its rate states the tax a gross total includes, and
 * is labelled like a total. When its amount is exactly that rate's share of a larger amount printed on the page
 * (25.15 × 6 / 106 = 1.42), the larger amount is the total and this one its tax.
 */
export function totalOfIncludedTax(total: Candidate, ctx: Context): Candidate {
  if (typeof total.value !== "number" || total.value <= 0) return total;
  const text = ctx.lines[total.line]?.text ?? total.raw;
  const rate = RATE.exec(text);
  if (!TAX_WORD.test(text) || !rate) return total;
  const share = Number(rate[1]!.replace(",", ".")) / (100 + Number(rate[1]!.replace(",", ".")));
  if (share <= 0) return total;
  const tax = total.value;
  let gross: Candidate | null = null;
  for (const line of ctx.lines) {
    if (line.index === total.line) continue;
    for (const amount of lineAmounts(line).filter((a) => a.hasDecimals && a.value > tax)) {
      // Rounded to the cent, the printed tax is within half a cent of the exact share.
      if (Math.abs(amount.value * share - tax) > 0.0051) continue;
      if (!gross || amount.value > Number(gross.value)) gross = { ...total, value: amount.value, source: { page: line.page, ...line.box }, raw: amount.text, line: line.index };
    }
  }
  return gross ?? total;
}

const TENDER = /^(?:cash|tunai|bar|espèces|especes|contant|tendered|paid|payment)\b/i;

/**
 * "Paid Amount : 10.00", "Cash 50.00": what the customer handed over, never less than the total and often more, so
 * a line starting with a tender word is no total candidate (the largest-amount preference would otherwise take it).
 */
export function isTenderLine(text: string): boolean {
  return TENDER.test(text.trim());
}
const CHANGE = /^(?:change|baki|kembalian|rückgeld|wechselgeld|rendu|monnaie|wisselgeld)\b/i;

type RowAmount = { value: number; rows: DocLine[] };

function labelledRowAmount(ctx: Context, label: RegExp): RowAmount | null {
  for (const line of ctx.lines) {
    if (!label.test(line.text.trim())) continue;
    const row = (docLinesByPage(ctx.lines).get(line.page) ?? []).filter((l) => sameRow(l.box, line.box) && l.box.x >= line.box.x);
    const amounts = findAmounts(row.map((l) => l.text).join(" ")).filter((a) => a.hasDecimals);
    const last = amounts[amounts.length - 1];
    if (last) return { value: last.value, rows: row };
  }
  return null;
}

type Tendered = { paid: number; cash: RowAmount };

/** What a document's lines say was tendered, found once per document: several rules ask, each for every field. */
const tenderedOf = memoPerOwner<readonly DocLine[], Tendered | null>();

function tendered(ctx: Context): Tendered | null {
  return tenderedOf(ctx.lines, () => tenderedIn(ctx));
}

function tenderedIn(ctx: Context): Tendered | null {
  const cash = labelledRowAmount(ctx, TENDER);
  const change = labelledRowAmount(ctx, CHANGE);
  if (cash === null || change === null || change.value < 0 || change.value >= cash.value) return null;
  return { paid: Math.round((cash.value - change.value) * 100) / 100, cash };
}

/** Cash tendered minus change, when a receipt prints both. */
export function paidAmount(ctx: Context): number | null {
  return tendered(ctx)?.paid ?? null;
}

/**
 * An amount printed above the tender rows that equals what was paid: the total, even when its own label was lost
 * (OCR often drops a faint "TOTAL INCL. GST" while still reading the amount beside it).
 */
function printedPaidAmount(ctx: Context, paid: number, cashRow: DocLine[]): Candidate | null {
  const cashLine = cashRow[0];
  if (!cashLine || paid <= 0) return null;
  // The closest such amount above the tender rows: an item line of the same amount sits further up.
  const above = linesOnPage(ctx.lines, cashLine.page).filter((l) => l.box.y < cashLine.box.y && !cashRow.includes(l));
  for (const line of above.sort((a, b) => b.box.y - a.box.y)) {
    const match = lineAmounts(line).find((a) => a.hasDecimals && Math.abs(a.value - paid) < 0.005);
    if (match) return { value: paid, score: 0.5, source: { page: line.page, ...line.box }, raw: match.text, line: line.index };
  }
  return null;
}

/**
 * Receipts print what was tendered and the change: tendered − change = total. When the labelled total disagrees
 * and another total candidate agrees, that one wins; with no total at all, the difference is a weak guess.
 */
export function checkAgainstTender(best: Candidate | null, candidates: Candidate[], ctx: Context): Candidate | null {
  const tender = tendered(ctx);
  if (!tender) return best;
  const { paid, cash } = tender;
  if (best && typeof best.value === "number" && Math.abs(best.value - paid) < 0.005) return best;
  const agreeing = candidates.find((c) => typeof c.value === "number" && Math.abs(c.value - paid) < 0.005);
  if (agreeing) return agreeing;
  return printedPaidAmount(ctx, paid, cash.rows) ?? best ?? null;
}
