import type { PageModel, Word } from "../types";
import { detectDecimalSeparator, findAmounts } from "../../normalise/amounts";
import { findDates } from "../../normalise/dates";
import { NUMERIC_CELL } from "./row-rules";
import { isNumeric } from "./column-roles";
import { endsTable, type Context, type TypedRecord } from "./typed-cells";
import { wordRows } from "./word-rows";
import { partialDate } from "./partial-dates";

/** Rows of this shape must repeat at least this often before they are read as a table. */
const MIN_ROWS = 3;
/** Right edges of one money column lie closer together than this fraction of the page width. */
const COLUMN_SPREAD = 0.03;
const CONTINUATION_GAP = 1.8;

type Typed = { date: Word[]; text: Word[]; amounts: Word[] };

/** A row read as [date] [text …] [amount …]: a date first, amounts with decimals last, text between. */
function typedRow(words: Word[], ctx: Context, hint: "." | "," | undefined): Typed | null {
  const ws = [...words].sort((a, b) => a.box.x - b.box.x);
  let date: Word[] = [];
  for (let k = 1; k <= Math.min(3, ws.length); k += 1) {
    const text = ws.slice(0, k).map((w) => w.text).join(" ");
    const found = findDates(text, ctx.order)[0];
    if ((found && found.index === 0 && found.length >= text.length - 1) || partialDate(text, ctx.years)) date = ws.slice(0, k);
  }
  if (date.length === 0) return null;
  let end = ws.length;
  while (end > date.length) {
    const t = ws[end - 1]!.text;
    const found = findAmounts(t, hint);
    if (found.length !== 1 || !found[0]!.hasDecimals || !NUMERIC_CELL.test(t)) break;
    end -= 1;
  }
  const amounts = ws.slice(end);
  const text = ws.slice(date.length, end);
  if (amounts.length === 0 || !text.some((w) => /\p{L}/u.test(w.text))) return null;
  return { date, text, amounts };
}

/** Groups sorted positions into columns: a new column where the gap is wider than `spread`. */
function clusters(xs: number[], spread: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const centres: number[][] = [];
  for (const x of sorted) {
    const last = centres[centres.length - 1];
    if (last && x - last[last.length - 1]! < spread) last.push(x);
    else centres.push([x]);
  }
  return centres.map((c) => c.reduce((a, b) => a + b, 0) / c.length);
}

/**
 * A table without a header: rows that repeat the typed shape of the field's columns (a date, a text, one or more
 * amounts). Amounts go to the money columns by the vertical alignment of their right edges (as many aligned
 * columns as the field has money columns, in the field's order), the text to the first text column, and a text
 * line hanging under a row continues it. Nothing is read when the shape repeats fewer than three times or the
 * amounts' columns cannot be told apart (precision first).
 */
export function headerlessTypedRecords(model: PageModel, ctx: Context): { records: TypedRecord[]; balances: Array<{ after: number; value: number }> } {
  const none = { records: [], balances: [] };
  const dateCol = ctx.roles.findIndex((r) => r.type === "date");
  const textCol = ctx.roles.findIndex((r) => r.type === "text");
  const moneyCols = ctx.roles.map((r, c) => (isNumeric(r.type) ? c : -1)).filter((c) => c >= 0);
  const balanceCol = ctx.roles.findIndex((r) => r.role === "balance");
  if (dateCol < 0 || moneyCols.length === 0) return none;
  type Found = { page: number; rows: ReturnType<typeof wordRows>; typed: Array<Typed | null>; hint: "." | "," | undefined };
  const pages: Found[] = model.pages.map((page) => {
    const words = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    const hint = detectDecimalSeparator(words.map((w) => w.text).join(" ")) ?? ctx.hint;
    const rows = wordRows(words);
    return { page: page.number, rows, hint, typed: rows.map((r) => typedRow(r.words, ctx, hint)) };
  });
  const all = pages.flatMap((p) => p.typed.filter((t): t is Typed => t !== null));
  if (all.length < MIN_ROWS) return none;
  const rights = clusters(all.flatMap((t) => t.amounts.map((w) => w.box.x + w.box.w)), COLUMN_SPREAD);
  const byOrder = all.every((t) => t.amounts.length === moneyCols.length);
  if (rights.length !== moneyCols.length && !byOrder) return none;
  const columnOf = (w: Word, k: number, t: Typed): number => {
    if (rights.length === moneyCols.length) {
      const right = w.box.x + w.box.w;
      const nearest = rights.map((x, c) => ({ c, d: Math.abs(x - right) })).sort((a, b) => a.d - b.d)[0]!.c;
      return moneyCols[nearest]!;
    }
    return moneyCols[moneyCols.length - t.amounts.length + k]!;
  };
  const records: TypedRecord[] = [];
  const balances: Array<{ after: number; value: number }> = [];
  for (const p of pages) {
    let current: TypedRecord | null = null;
    let textX = 0;
    p.rows.forEach((r, i) => {
      const t = p.typed[i];
      if (t) {
        const cells = new Map<number, Word[]>([[dateCol, t.date]]);
        if (textCol >= 0) cells.set(textCol, t.text);
        t.amounts.forEach((w, k) => {
          const c = columnOf(w, k, t);
          cells.set(c, [...(cells.get(c) ?? []), w]);
        });
        current = { cells, page: p.page, bottom: r.bottom };
        textX = t.text[0]!.box.x;
        records.push(current);
        return;
      }
      const amounts = findAmounts(r.words.map((w) => w.text).join(" "), p.hint).filter((a) => a.hasDecimals);
      const cur = current as TypedRecord | null;
      if (cur && amounts.length === 0 && textCol >= 0 && r.top - cur.bottom < CONTINUATION_GAP * r.h && Math.abs(r.words[0]!.box.x - textX) < 2 * r.h) {
        // A wrapped description under its row, starting where the row's text starts.
        cur.cells.set(textCol, [...(cur.cells.get(textCol) ?? []), ...r.words]);
        cur.bottom = r.bottom;
        return;
      }
      current = null;
      if (amounts.length === 1 && balanceCol >= 0 && rights.length === moneyCols.length) {
        // An opening or carried-forward balance: no row, but the balance the next row continues from.
        const w = r.words[r.words.length - 1]!;
        if (columnOf(w, 0, { date: [], text: [], amounts: [w] }) === balanceCol && !endsTable(r.words)) balances.push({ after: records.length, value: amounts[0]!.value });
      }
    });
  }
  return records.length >= MIN_ROWS ? { records, balances } : none;
}
