import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";

/** Rounding of a printed line total against quantity × price (cents, and half a cent either side). */
const LINE_TOLERANCE = 0.011;
/** Prices are quoted per one unit, or per 10/100/1000 units (screws, bags, sheets). */
const PRICE_BASES = [1, 100, 1000, 10];

export function lineIsConsistent(quantity: number, unitPrice: number, amount: number): boolean {
  return PRICE_BASES.some((base) => Math.abs((quantity * unitPrice) / base - Math.abs(amount)) <= LINE_TOLERANCE * Math.max(1, quantity / base));
}

/**
 * Unit-price candidates of one item row, in order of preference: the price cell as read, the same cell with a space
 * inside the number closed ("205, 90 €"), later values printed under it ("- €2.00" / "= €18.00": the last one is the
 * net price), then unlabelled money columns of the row ("St.-Pr." that no vocabulary knows).
 */
export function unitPriceCandidates(parts: { priceText: string | null; priceBelow: string[]; unlabelled: string[] }, hint: DecimalSeparator | undefined): number[] {
  const out: number[] = [];
  const money = (text: string) => findAmounts(text, hint).filter((a) => a.hasDecimals).map((a) => Math.abs(a.value));
  if (parts.priceText) {
    out.push(...money(parts.priceText));
    out.push(...money(parts.priceText.replace(/([.,])\s+(\d)/g, "$1$2")));
  }
  for (const text of [...parts.priceBelow].reverse()) out.push(...money(text));
  for (const text of parts.unlabelled) out.push(...money(text));
  return out;
}

/**
 * Arithmetic consistency between quantity, unit price and line total: the first candidate for which
 * quantity × price equals the printed total, or null when none does (the reader's own value then stands).
 */
export function consistentUnitPrice(quantity: number | null, amount: number | null, candidates: number[]): number | null {
  if (quantity === null || amount === null || quantity === 0) return null;
  return candidates.find((p) => p > 0 && lineIsConsistent(quantity, p, amount)) ?? null;
}
