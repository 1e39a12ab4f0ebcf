import type { Scalar, TableRow, ValueMetadata, Word } from "../types";
import { tokenise } from "../fields/text-tokens";
import { unionBox } from "../fields/document-lines";
import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import { parseDate, type DateOrder } from "../../normalise/dates";
import { isNumeric, type ColumnRole } from "./column-roles";
import { partialDate, type YearContext } from "./partial-dates";
import { NUMERIC_CELL } from "./row-rules";

/** What the typed-table readers share: the records they build, their context, and how a cell's text is typed. */

/** A record being read: its cells by column, and the columns whose money is paid out (a debit band feeding an amount). */
export type TypedRecord = { cells: Map<number, Word[]>; page: number; bottom: number; negated?: Set<number> };
export type Context = { roles: ColumnRole[]; order: DateOrder; hint: DecimalSeparator | undefined; years: YearContext };

/** First words of lines that end a table: totals and closing balances (carried-forward lines do not). */
const END_WORDS = [["total"], ["totals"], ["closing"], ["ending"], ["new", "balance"], ["summe"], ["gesamt"], ["neuer", "kontostand"], ["nouveau", "solde"], ["endsaldo"], ["schlusssaldo"], ["totaal"], ["totale"], ["saldo", "final"], ["solde", "final"]];

export function endsTable(words: Word[]): boolean {
  const tokens = tokenise(words.slice(0, 3).map((w) => w.text).join(" "));
  return END_WORDS.some((e) => e.every((t, k) => tokens[k] === t));
}

export const textOf = (ws: Word[]) => ws.map((w) => w.text).join(" ").trim();

/** A cell's value under its column's type; null when the text is not one. */
export function typedValue(role: ColumnRole, text: string, ctx: Context): Scalar {
  if (role.type === "date") return parseDate(text, ctx.order) ?? partialDate(text, ctx.years);
  if (isNumeric(role.type)) {
    const found = findAmounts(text, ctx.hint);
    const last = found[found.length - 1];
    if (!last) return null;
    // Money has its decimals, or stands alone in its cell ("55000" on a payslip); an integer inside text is a
    // reference that ran into the column, not an amount.
    if (role.type === "money" && !last.hasDecimals && !NUMERIC_CELL.test(text.trim())) return null;
    return last.value;
  }
  const t = text.trim();
  return t === "" ? null : t;
}

export type TypedRow = { row: TableRow; meta: Record<string, ValueMetadata>; words: Word[]; page: number };

export function typedCells(rec: TypedRecord, ctx: Context, score: number, strategy: string): TypedRow {
  const row: TableRow = {};
  const meta: Record<string, ValueMetadata> = {};
  const words: Word[] = [];
  for (const [col, ws] of rec.cells) {
    const role = ctx.roles[col]!;
    const raw = textOf(ws);
    const read = typedValue(role, raw, ctx);
    // Money in a paid-out band that feeds a signed amount column is negative.
    const value = typeof read === "number" && rec.negated?.has(col) ? -Math.abs(read) : read;
    if (value === null) continue;
    row[role.name] = value;
    meta[role.name] = { confidence: score, source: { page: rec.page, ...unionBox(ws.map((w) => w.box)) }, raw, evidence: { strategy, score } };
    words.push(...ws);
  }
  return { row, meta, words, page: rec.page };
}

