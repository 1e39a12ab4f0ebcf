import { findAmounts } from "../normalise/amounts";

import type { DocLine } from "./document-lines";
import { findLabelledCandidates, type Candidate } from "./find-labelled-value";

export type TotalsPick = { subtotal: Candidate | null; tax: Candidate | null; total: Candidate | null };

const EPS = 0.011;

function distinctTop(candidates: Candidate[], n: number): Candidate[] {
  const seen = new Set<number>();
  const out: Candidate[] = [];
  for (const c of candidates) {
    if (typeof c.value !== "number" || seen.has(c.value)) continue;
    seen.add(c.value);
    out.push(c);
    if (out.length >= n) break;
  }
  return out;
}

function consistent(p: TotalsPick): boolean {
  const { subtotal, tax, total } = p;
  if (!subtotal || !tax || !total) return false;
  return Math.abs(Number(subtotal.value) + Number(tax.value) - Number(total.value)) < EPS;
}

/** Every amount printed in the document, as weak candidates for a tax that has no usable label. */
function documentAmounts(lines: DocLine[]): Candidate[] {
  const out: Candidate[] = [];
  for (const line of lines) {
    for (const a of findAmounts(line.text)) {
      if (a.hasDecimals) out.push({ value: a.value, score: 0.2, source: { page: line.page, ...line.box }, raw: a.text, line: line.index });
    }
  }
  return out;
}

/**
 * Arithmetic check of the labelled picks: net + tax must equal the gross total. When they do not, the most
 * likely combination of labelled candidates that does add up replaces them (a tax with no usable label may come
 * from any printed amount). Vendor-independent evidence that resolves "Total" headings of breakdown tables.
 */
export function reconcileTotals(lines: DocLine[], current: TotalsPick, order: "dmy" | "mdy"): TotalsPick {
  if (consistent(current) || !current.total) return current;
  const kind = "amount" as const;
  const list = (key: string) => distinctTop(findLabelledCandidates(lines, key, kind, order), 8);
  const totals = list("total_amount");
  const subtotals = list("subtotal_amount");
  const taxes = list("tax_amount");
  const taxPool = [...taxes, ...distinctTop(documentAmounts(lines), 200).filter((a) => !taxes.some((t) => t.value === a.value))];
  let best: { pick: TotalsPick; score: number } | null = null;
  for (const total of totals.length > 0 ? totals : [current.total]) {
    for (const subtotal of subtotals) {
      for (const tax of taxPool) {
        const pick = { subtotal, tax, total };
        if (!consistent(pick) || Number(tax.value) === 0) continue;
        const score = total.score + subtotal.score + tax.score + (total === current.total ? 0.2 : 0);
        if (!best || score > best.score) best = { pick, score };
      }
    }
  }
  if (best) return best.pick;
  return current.subtotal ? current : { ...current, subtotal: printedNet(lines, current) };
}

/**
 * A net total printed without a net label ("Gesamtbeitrag 50,00 / Versicherungsteuer 9,50 / Rechnungsbetrag
 * 59,50"): the amount equal to total − tax, nearest to the tax line, is the net total.
 */
function printedNet(lines: DocLine[], { tax, total }: TotalsPick): Candidate | null {
  if (!tax || !total || Number(tax.value) === 0) return null;
  const net = Math.round((Number(total.value) - Number(tax.value)) * 100) / 100;
  if (net <= 0) return null;
  const taxLine = lines[tax.line];
  const found = documentAmounts(lines).filter((a) => Math.abs(Number(a.value) - net) < EPS / 2 && (!taxLine || lines[a.line]?.page === taxLine.page));
  found.sort((a, b) => Math.abs(a.line - tax.line) - Math.abs(b.line - tax.line));
  return found[0] ?? null;
}

