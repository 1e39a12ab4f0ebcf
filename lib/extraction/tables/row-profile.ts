import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import type { Word } from "../types";
import type { TypedColumn } from "./column-typing";
import { lineIsConsistent } from "./row-arithmetic";
import { NUMERIC_CELL, NUMERIC_KEYS } from "./row-rules";
import type { Row } from "./word-rows";

/**
 * What the row classifier reads of a line against its own table rather than in absolute terms: an item row looks like
 * the table's other item rows (the same columns filled, the same height and left edge, its numbers multiplying out),
 * whatever the layout; a subtotal or a page's foot differs from them (fewer columns, an amount that sums the rows
 * above). Computed once per table from its candidate rows: lines with text and money in the item columns.
 */
export type RowFacts = {
  /** Column keys the line fills: numeric columns with a number, text columns with any word. */
  filled: ReadonlySet<string>;
  amount: number | null;
  /** 1 quantity × price = amount, -1 the three printed and they do not, 0 cannot tell. */
  arithmetic: number;
  /** Text, money and the numbers an item needs: what the rules would start an item with. */
  candidate: boolean;
};

export type TableProfile = {
  candidates: Row[];
  patternCount: Map<string, number>;
  modal: ReadonlySet<string>;
  medianH: number;
  medianLeft: number;
  medianAmount: number;
  arithmeticShare: number;
  /** Lines whose amount is the sum of the candidates above them since the table's start or the last such line. */
  sums: ReadonlySet<Row>;
};

const text = (ws: Word[]) => ws.map((w) => w.text).join(" ").trim();
const TEXT_KEYS = new Set(["description", "item_code", "position"]);

function amountOf(words: Word[] | undefined, hint: DecimalSeparator | undefined): number | null {
  if (!words || !NUMERIC_CELL.test(text(words))) return null;
  const amounts = findAmounts(text(words), hint);
  return amounts[amounts.length - 1]?.value ?? null;
}

export function rowFacts(cells: Map<TypedColumn, Word[]>, columns: TypedColumn[], hint: DecimalSeparator | undefined): RowFacts {
  const filled = new Set<string>();
  for (const [col, ws] of cells) {
    if (!col.key || ws.length === 0) continue;
    if (NUMERIC_KEYS.has(col.key) ? NUMERIC_CELL.test(text(ws)) : true) filled.add(col.key);
  }
  const value = (key: string) => amountOf([...cells].find(([c]) => c.key === key)?.[1], hint);
  const [quantity, price, amount] = [value("quantity"), value("unit_price"), value("amount")];
  const arithmetic = quantity === null || price === null || amount === null ? 0 : lineIsConsistent(quantity, price, amount) ? 1 : -1;
  const numericColumns = columns.filter((c) => NUMERIC_KEYS.has(c.key)).length;
  const numbers = [...filled].filter((k) => NUMERIC_KEYS.has(k)).length;
  const lettered = [...cells].some(([c, ws]) => TEXT_KEYS.has(c.key) && ws.some((w) => /\p{L}/u.test(w.text)));
  const money = filled.has("amount") || filled.has("unit_price");
  return { filled, amount: amount ?? value("unit_price"), arithmetic, candidate: lettered && money && numbers >= Math.min(2, numericColumns) };
}

export const patternKey = (filled: ReadonlySet<string>) => [...filled].sort().join("|");

const median = (vs: number[]): number => {
  if (vs.length === 0) return 0;
  const s = [...vs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The table's candidate item rows among `rows` (in reading order, up to a gap of `maxGap` line heights) and their norms. */
export function tableProfile(rows: Row[], factsOf: (r: Row) => RowFacts, startBottom: number, maxGap: number): TableProfile {
  const candidates: Array<{ row: Row; facts: RowFacts }> = [];
  const sums = new Set<Row>();
  // The amounts of candidates since the table's start or the last line printing their sum (a subtotal, candidate or not).
  let running = 0;
  let since = 0;
  let bottom = startBottom;
  for (const r of rows) {
    if (r.top - bottom > r.h * maxGap) break;
    bottom = r.bottom;
    const facts = factsOf(r);
    if (facts.candidate) candidates.push({ row: r, facts });
    if (facts.amount === null) continue;
    if (since >= 2 && Math.abs(Math.abs(facts.amount) - Math.abs(running)) <= 0.011 * since) {
      sums.add(r);
      running = 0;
      since = 0;
    } else if (facts.candidate) {
      running += facts.amount;
      since += 1;
    }
  }
  const patternCount = new Map<string, number>();
  for (const { facts } of candidates) patternCount.set(patternKey(facts.filled), (patternCount.get(patternKey(facts.filled)) ?? 0) + 1);
  // The most common pattern; of two as common, the one filling more columns (an item prints more than its total).
  const modalKey = [...patternCount].sort((a, b) => b[1] - a[1] || b[0].split("|").length - a[0].split("|").length)[0]?.[0] ?? "";
  const arithmeticKnown = candidates.filter(({ facts }) => facts.arithmetic !== 0);
  return {
    candidates: candidates.map((c) => c.row),
    patternCount,
    modal: new Set(modalKey ? modalKey.split("|") : []),
    medianH: median(candidates.map(({ row }) => row.h)),
    medianLeft: median(candidates.map(({ row }) => row.words[0]!.box.x)),
    medianAmount: median(candidates.flatMap(({ facts }) => (facts.amount === null ? [] : [Math.abs(facts.amount)]))),
    arithmeticShare: arithmeticKnown.length === 0 ? 0 : arithmeticKnown.filter(({ facts }) => facts.arithmetic === 1).length / arithmeticKnown.length,
    sums,
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The relative features of one line (row-features.ts RELATIVE_FEATURE_NAMES, in that order). */
export function relativeFeatures(row: Row, facts: RowFacts, profile: TableProfile): number[] {
  const n = profile.candidates.length;
  const key = patternKey(facts.filled);
  const index = profile.candidates.indexOf(row);
  const before = index >= 0 ? index : profile.candidates.filter((r) => r.top < row.top).length;
  const after = index >= 0 ? n - index - 1 : profile.candidates.filter((r) => r.top > row.top).length;
  const h = profile.medianH || row.h;
  return [
    facts.candidate ? 1 : 0,
    n > 0 ? (profile.patternCount.get(key) ?? 0) / n : 0,
    n > 0 && key === patternKey(profile.modal) ? 1 : 0,
    [...profile.modal].filter((k) => !facts.filled.has(k)).length,
    [...facts.filled].filter((k) => !profile.modal.has(k)).length,
    facts.filled.has("amount") ? 1 : 0,
    n > 0 ? clamp(row.h / h, 0, 4) : 1,
    n > 0 ? clamp((row.words[0]!.box.x - profile.medianLeft) / h, -10, 10) : 0,
    facts.arithmetic,
    profile.arithmeticShare,
    profile.sums.has(row) ? 1 : 0,
    facts.amount !== null && profile.medianAmount > 0 ? clamp(Math.abs(facts.amount) / profile.medianAmount, 0, 20) : 0,
    clamp(before, 0, 5),
    clamp(after, 0, 5),
    clamp(n, 0, 30),
  ];
}

export const RELATIVE_FEATURE_NAMES = [
  "candidate",
  "pattern_share",
  "pattern_is_modal",
  "pattern_missing",
  "pattern_extra",
  "amount_cell",
  "height_vs_table",
  "left_vs_table",
  "arithmetic",
  "table_arithmetic_share",
  "amount_sums_above",
  "amount_vs_median",
  "candidates_before",
  "candidates_after",
  "table_candidates",
] as const;
