import { lineAmounts, type DocLine } from "./document-lines";
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
    for (const a of lineAmounts(line)) {
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
export function reconcileTotals(lines: DocLine[], current: TotalsPick, order: "dmy" | "mdy", options: { totalConfirmed?: boolean } = {}): TotalsPick {
  if (consistent(current)) return current;
  if (!current.total) return totalFromParts(lines, current, options) ?? current;
  const kind = "amount" as const;
  const list = (key: string) => distinctTop(findLabelledCandidates(lines, key, kind, order), 8);
  const totals = list("total_amount");
  const subtotals = list("subtotal_amount");
  const taxes = list("tax_amount");
  // Any printed amount may stand in for a tax without a usable label; a labelled tax is not traded for one (a service
  // charge printed beside the GST would otherwise pose as the tax of net + charge).
  const taxPool = current.tax ? taxes : [...taxes, ...distinctTop(documentAmounts(lines), 200).filter((a) => !taxes.some((t) => t.value === a.value))];
  let best: { pick: TotalsPick; score: number } | null = null;
  // A total that cash tendered minus change confirms stays; only its net and tax may be replaced.
  const totalChoices = options.totalConfirmed ? [current.total] : totals.length > 0 ? totals : [current.total];
  for (const total of totalChoices) {
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
  const parts = totalFromParts(lines, current, options);
  if (parts) return parts;
  return current.subtotal ? current : { ...current, subtotal: printedNet(lines, current) };
}

/** A cash receipt's rounding to the coin (0.05) moves a total by at most 0.02; other currencies round to 0.05 or 0.10. */
const ROUNDING_SLACK = 0.05;

/**
 * Net + tax is the total. When the picked total disagrees with the labelled net and tax, and no labelled
 * combination explains it, the printed amount equal to net + tax is the total (OCR misreads digits of one line, a
 * receipt's total row loses its amount while the same sum is printed as the cash tendered or an item's amount).
 * A total that differs from net + tax by another printed amount (a service charge, tip, discount or rounding) or
 * that equals cash minus change is kept. A total no larger than its own tax cannot be a total: without a printed
 * sum there is then no total at all rather than a wrong one.
 */
function totalFromParts(lines: DocLine[], current: TotalsPick, options: { totalConfirmed?: boolean }): TotalsPick | null {
  const { subtotal, tax, total } = current;
  if (!subtotal || !tax || options.totalConfirmed) return null;
  const net = Number(subtotal.value);
  const taxValue = Number(tax.value);
  if (net === 0 || taxValue === 0 || Math.abs(taxValue) >= Math.abs(net)) return null;
  // A tax has the sign of the amount it is levied on: a "-" read in front of a receipt's GST is noise.
  const signedTax = Math.sign(net) * Math.abs(taxValue);
  const sum = Math.round((net + signedTax) * 100) / 100;
  const value = total === null ? null : Number(total.value);
  const contradicted = value !== null && Math.abs(value) <= Math.abs(taxValue);
  const amounts = documentAmounts(lines);
  if (value !== null && !contradicted) {
    const gap = Math.abs(value - sum);
    if (gap < ROUNDING_SLACK) return null;
    const other = (a: Candidate) => a.line !== subtotal.line && a.line !== tax.line;
    if (amounts.some((a) => other(a) && Math.abs(Math.abs(Number(a.value)) - gap) < 0.005)) return null;
  }
  const printed = amounts.filter((a) => Math.abs(Number(a.value) - sum) < 0.005 && a.line !== subtotal.line && a.line !== tax.line);
  // Nearest below the tax line first: the totals block prints the sum after its parts.
  printed.sort((a, b) => rank(a.line - tax.line) - rank(b.line - tax.line));
  const found = printed[0];
  const fixedTax = signedTax === taxValue ? tax : { ...tax, value: signedTax };
  if (found) return { subtotal, tax: fixedTax, total: { ...found, score: 0.5 } };
  return contradicted ? { ...current, total: null } : null;
}

/** Line distance that ranks lines after the reference (0, 1, 2 …) before lines above it. */
function rank(delta: number): number {
  return delta > 0 ? delta : 1000 - delta;
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

