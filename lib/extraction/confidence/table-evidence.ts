import { columnConceptFor } from "../tables/extract-table";
import type { FieldDefinition, FieldValue, Scalar, TableMetadata, TableRow, ValueEvidence, ValueMetadata } from "../types";
import { typeCheck } from "../fields/value-evidence";
import { lineIsConsistent } from "../tables/row-arithmetic";

const NUMERIC_TEXT = /^[-+(]?\s*(?:[A-Z]{3}\s*|[$€£¥]\s*)?[-+]?\d[\d.,' ]*\)?\s*%?(?:\s*[A-Z]{3})?$/;

function numberOf(value: Scalar | undefined): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * quantity × unit price (less a discount, the price per 1, 10, 100 or 1000 units) = amount: 1 when it holds, -1 when
 * all three are there and it does not, 0 when one is missing.
 */
export function rowArithmetic(row: TableRow, names: Record<string, string | undefined>): -1 | 0 | 1 {
  const q = numberOf(names.quantity ? row[names.quantity] : undefined);
  const p = numberOf(names.unit_price ? row[names.unit_price] : undefined);
  const a = numberOf(names.amount ? row[names.amount] : undefined);
  if (q === null || p === null || a === null) return 0;
  const d = numberOf(names.discount_percent ? row[names.discount_percent] : undefined) ?? 0;
  const slack = Math.max(0.011, Math.abs(a) * 0.001);
  if ([q * p, q * p * (1 - d / 100)].some((x) => Math.abs(x - a) <= slack)) return 1;
  return lineIsConsistent(q, p, a) || (d > 0 && lineIsConsistent(q, p * (1 - d / 100), a)) ? 1 : -1;
}

/** Ceilings of a table cell by its checks (logic, not fit: the calibration has seen few failing rows). */
export const CELL_CEILING = {
  /** quantity × price ≠ amount: one of the three is wrong; the row's numbers show as failing a check. */
  rowContradicted: 0.66,
  /** A row without the typed cells its table's rows carry (a heading or a note read as an item). */
  rowIncomplete: 0.5,
  /** The line amounts do not add up to the subtotal or total the document reads: some row is missing, extra or wrong. */
  sumContradicted: 0.85,
  /** The sum is off but this row's own arithmetic holds: likely right, never certain. */
  sumContradictedRowOk: 0.95,
  /** No check confirms the cell: it is never shown as certain. */
  unchecked: 0.97,
} as const;

/** The highest confidence a table cell may show, from its row's and its table's checks. */
export function tableCellCeiling(evidence: ValueEvidence): number {
  if (evidence.rowComplete === false) return CELL_CEILING.rowIncomplete;
  if (evidence.arithmetic === -1) return evidence.kind === "cell-number" ? CELL_CEILING.rowContradicted : CELL_CEILING.sumContradicted;
  if (evidence.tableSum === -1) return evidence.arithmetic === 1 ? CELL_CEILING.sumContradictedRowOk : CELL_CEILING.sumContradicted;
  if (evidence.arithmetic !== 1 && evidence.tableSum !== 1) return CELL_CEILING.unchecked;
  return 1;
}

/** A text cell this many times taller than its row's numbers holds more than one line. */
const WRAPPED_HEIGHT = 1.5;

/** The height of one printed line in a row: its lowest numeric cell (numbers never wrap); null without one. */
function rowLineHeight(cells: Record<string, ValueMetadata>, kinds: Map<string, "cell-number" | "cell-text">): number | null {
  const heights = Object.entries(cells)
    .filter(([name, meta]) => kinds.get(name) === "cell-number" && meta.source && meta.source.h > 0)
    .map(([, meta]) => meta.source!.h);
  return heights.length > 0 ? Math.min(...heights) : null;
}

/**
 * Cell evidence of a table field: its kind and type check, the row's arithmetic, and whether the line amounts add
 * up to an amount the document's fields read (a subtotal or total), which vouches for every row of the table.
 */
export function fillTableEvidence(field: FieldDefinition, rows: TableRow[], meta: TableMetadata, scalarAmounts: number[]): void {
  const columns = field.columns ?? [];
  const names: Record<string, string | undefined> = {};
  const kinds = new Map<string, "cell-number" | "cell-text">();
  for (const column of columns) {
    const concept = columnConceptFor(column);
    if (concept && !names[concept.key]) names[concept.key] = column.name;
    const numeric = concept ? concept.kind !== "text" : column.type === "number" || column.type === "currency";
    kinds.set(column.name, numeric ? "cell-number" : "cell-text");
  }
  const amounts = names.amount ? rows.map((r) => numberOf(r[names.amount!])) : [];
  const sum = amounts.length > 1 && amounts.every((a) => a !== null) ? amounts.reduce<number>((s, a) => s + (a ?? 0), 0) : null;
  const sumsUp = sum !== null && scalarAmounts.some((a) => Math.abs(a - sum) < 0.011);
  const tableSum: -1 | 0 | 1 = sumsUp ? 1 : sum !== null && scalarAmounts.some((a) => a > 0) ? -1 : 0;
  // Most rows carry an amount: a row without one is no item of this table (a heading, a note).
  const withAmount = amounts.filter((a) => a !== null).length;
  const amountsExpected = names.amount !== undefined && withAmount >= 2 && withAmount > rows.length / 2;
  rows.forEach((row, i) => {
    const cells = meta.rows[i] ?? {};
    const arithmetic = rowArithmetic(row, names);
    const lineHeight = rowLineHeight(cells, kinds);
    for (const [name, cellMeta] of Object.entries(cells)) {
      const kind = kinds.get(name) ?? "cell-text";
      const value = row[name];
      const raw = cellMeta.raw ?? String(value ?? "");
      const typeOk = kind === "cell-number" ? NUMERIC_TEXT.test(raw.trim()) : /\p{L}/u.test(raw) || typeCheck("text", String(value ?? ""), raw);
      const rowComplete = !amountsExpected || amounts[i] !== null;
      // A reader's own check (a statement's running balance) stands where quantity × price says nothing.
      const checked = arithmetic !== 0 ? arithmetic : (cellMeta.evidence?.arithmetic ?? 0);
      const evidence: ValueEvidence = { strategy: "table-header", score: cellMeta.confidence, ...cellMeta.evidence, kind, typeOk, arithmetic: checked, agreement: sumsUp ? 1 : 0, tableSum, rowComplete };
      if (kind === "cell-text" && lineHeight !== null && cellMeta.source) evidence.wrapped = cellMeta.source.h > WRAPPED_HEIGHT * lineHeight;
      cellMeta.evidence = evidence;
    }
  });
}

/** Amounts among a document's scalar values, for the table's sum check. */
export function scalarAmounts(data: Record<string, FieldValue>): number[] {
  return Object.values(data).filter((v): v is number => typeof v === "number");
}
