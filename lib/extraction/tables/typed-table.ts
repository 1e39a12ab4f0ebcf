import type { FieldDefinition, PageModel, TableMetadata, TableRow, Word } from "../types";
import { unionBox } from "../fields/document-lines";
import { tokenise } from "../fields/text-tokens";
import { detectDateOrder, documentDateOrder } from "../fields/date-order";
import { detectDecimalSeparator } from "../../normalise/amounts";
import { columnRole, isNumeric, type ColumnRole } from "./column-roles";
import { endsTable, textOf, typedCells, typedValue, type Context, type TypedRecord } from "./typed-cells";
import { typedHeaderAt, type Band } from "./typed-header";
import { headerlessTypedRecords } from "./typed-headerless";
import { balanceChecks } from "./balance-check";
import { wordRows, type Row } from "./word-rows";
import { sectionHeading } from "./row-rules";
import { yearContext } from "./partial-dates";

/**
 * Tables of any kind from the field's columns: a header row matched by meaning gives each column its band; a record
 * starts at a row whose typed cells are there (a date in the date column, a number in a money column); lines of
 * text only under it continue its text cells (a wrapped description); lines with a number but no date (opening,
 * carried-forward, closing balances, subtotals) are no record; a page without a header continues the table in the
 * previous page's bands. Without any header, repeating typed rows (typed-headerless.ts) are read.
 */

export type Extracted = { rows: TableRow[]; meta: TableMetadata };
/** Cells of a header-led table before calibration; headerless rows are less sure. */
const HEADER_SCORE = 0.8;
const HEADERLESS_SCORE = 0.6;
/** A record's continuation line hangs under it closer than this many line heights. */
const CONTINUATION_GAP = 1.8;
/** A gap this many line heights wide ends a table on its page. */
const END_GAP = 6;

function edges(bands: Band[], roles: ColumnRole[]): number[] {
  const typeOf = (b: Band) => (b.col === null ? (b.numeric ? "money" : "text") : roles[b.col]!.type);
  return bands.map((b, i) => {
    const next = bands[i + 1];
    if (!next) return Infinity;
    // Text and dates are left-aligned (they start at their header); numbers right-aligned (they end at theirs).
    // After right-aligned numbers, what starts past the middle of the gap is the next column's (text may start a
    // little left of its header).
    if (isNumeric(typeOf(b)) && !isNumeric(typeOf(next))) return (b.x2 + next.x1) / 2;
    if (!isNumeric(typeOf(next))) return next.x1 - 0.1 * Math.max(0, next.x1 - b.x2);
    if (!isNumeric(typeOf(b))) return next.x1 - 0.25 * Math.max(0, next.x1 - b.x2);
    return (b.x2 + next.x1) / 2;
  });
}

type Cells = Map<number | null, Word[]> & { negated?: Set<number> };

function cellsIn(bands: Band[], cuts: number[], row: Row, ctx: Context): Cells {
  const out: Cells = new Map<number | null, Word[]>();
  for (const w of [...row.words].sort((a, b) => a.box.x - b.box.x)) {
    const cx = w.box.x + w.box.w / 2;
    const k = cuts.findIndex((e) => cx < e);
    let band = bands[k < 0 ? bands.length - 1 : k]!;
    // Words without a digit in a money band are the end of a long text running into it: they belong to the text
    // column left of it.
    if (band.col !== null && ctx.roles[band.col]!.type !== "text" && !/\d/.test(w.text) && w.box.x < band.x2) {
      const at = bands.indexOf(band);
      const left = bands.slice(0, at).reverse().find((b) => b.col !== null && ctx.roles[b.col]!.type === "text");
      if (left) band = left;
    }
    out.set(band.col, [...(out.get(band.col) ?? []), w]);
    if (band.negate && band.col !== null) (out.negated ??= new Set()).add(band.col);
  }
  return out;
}

type Anchor = "record" | "values" | "text" | "none";

/**
 * A text line between two records that stands nearer the next one than the one above ("Withdrawals", "Card
 * transactions") heads a section: it is no part of the description above it.
 */
function headingBefore(r: Row, next: Row | undefined, current: TypedRecord, bands: { bands: Band[]; cuts: number[] }, ctx: Context): boolean {
  if (!next || classify(cellsIn(bands.bands, bands.cuts, next, ctx), ctx) !== "record") return false;
  return sectionHeading({ gapAbove: r.top - current.bottom, gapBelow: next.top - r.bottom, nextStartsItem: true, lineHeight: r.h });
}

/** What a row is under the bands: a record (its typed key cells), a line of values only, text only, or nothing. */
function classify(cells: Map<number | null, Word[]>, ctx: Context): Anchor {
  const { roles } = ctx;
  const dateCol = roles.findIndex((r) => r.type === "date");
  const typedOk = (col: number) => typedValue(roles[col]!, textOf(cells.get(col) ?? []), ctx) !== null;
  const numbers = roles.map((r, c) => (isNumeric(r.type) && cells.has(c) && typedOk(c) ? 1 : 0)).reduce<number>((a, b) => a + b, 0);
  const hasDate = dateCol >= 0 && cells.has(dateCol) && typedOk(dateCol);
  const hasText = roles.some((r, c) => r.type === "text" && /\p{L}/u.test(textOf(cells.get(c) ?? [])));
  const needsNumber = roles.some((r) => isNumeric(r.type));
  // A line with a balance but no money moving (opening, brought-forward, carried-forward) is no transaction.
  const flows = roles.map((r, c) => (r.role === "amount" || r.role === "debit" || r.role === "credit" ? c : -1)).filter((c) => c >= 0);
  const moves = flows.length === 0 || flows.some((c) => cells.has(c) && typedOk(c));
  if ((dateCol < 0 || hasDate) && (!needsNumber || numbers > 0) && (hasDate || (hasText && numbers > 0)) && moves) return "record";
  if (numbers > 0 || hasDate) return "values";
  // A wrapped line may hold digits only ("0015", a reference's tail): text as long as it sits in a text column.
  const anyText = roles.some((r, c) => r.type === "text" && textOf(cells.get(c) ?? []) !== "");
  return anyText ? "text" : "none";
}

/** Header-led records of every page; `balances` are the running balances read on lines that are no record. */
function headerLed(model: PageModel, ctx: Context): { records: TypedRecord[]; balances: Array<{ after: number; value: number }> } {
  const records: TypedRecord[] = [];
  const balances: Array<{ after: number; value: number }> = [];
  const balanceCol = ctx.roles.findIndex((r) => r.role === "balance");
  type Bands = { bands: Band[]; cuts: number[] };
  const bandsOf = (bands: Band[]): Bands => ({ bands, cuts: edges(bands, ctx.roles) });
  // The bands of the table read last, and whether it ended at its totals (a later page does not continue it then).
  let carry: Bands | null = null;
  let ended = true;
  for (const page of model.pages) {
    const words = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    const rows = wordRows(words);
    const pageCtx = { ...ctx, hint: detectDecimalSeparator(words.map((w) => w.text).join(" ")) ?? ctx.hint };
    const headers = rows.map((_, k) => typedHeaderAt(rows, k, ctx.roles));
    let bands: Bands | null = null;
    let i = 0;
    if (carry && !ended) {
      // A continuation page: rows before its first header (or all of them) stand in the previous page's bands.
      const firstHeader = headers.findIndex((h) => h !== null);
      const c: Bands = carry;
      const first = rows.findIndex((r, k) => (firstHeader < 0 || k < firstHeader) && classify(cellsIn(c.bands, c.cuts, r, ctx), pageCtx) === "record");
      if (first >= 0) {
        bands = c;
        i = first;
      }
    }
    let current: TypedRecord | null = null;
    let lastBottom = rows[i]?.top ?? 0;
    // The date of the last dated line of the table and where it ended (a later line may share it).
    let lastDate: Word[] | null = null;
    let lastDateBottom = 0;
    for (; i < rows.length; i += 1) {
      const r = rows[i]!;
      const header = headers[i];
      if (header) {
        // A header (the first, or one repeated further down the page) starts a block of the table.
        bands = bandsOf(header.bands);
        carry = bands;
        ended = false;
        i = header.next - 1;
        lastBottom = rows[i]!.bottom;
        current = null;
        continue;
      }
      if (!bands) continue;
      if (r.top - lastBottom > END_GAP * r.h) {
        // A wide gap ends this block; the page may hold another header further down.
        bands = null;
        current = null;
        continue;
      }
      const cells = cellsIn(bands.bands, bands.cuts, r, ctx);
      let kind = classify(cells, pageCtx);
      const dateCol = ctx.roles.findIndex((role) => role.type === "date");
      const dated = dateCol >= 0 && cells.has(dateCol) && typedValue(ctx.roles[dateCol]!, textOf(cells.get(dateCol)!), pageCtx) !== null;
      // Statements print a day's date once: a line right under a dated line, with its text and money moving but no
      // date of its own, is a transaction of that day (a totals line is not).
      if (kind === "values" && !dated && lastDate && r.top - lastDateBottom < 2 * CONTINUATION_GAP * r.h && !endsTable(r.words)) {
        const withDate: Cells = new Map(cells);
        withDate.negated = cells.negated;
        withDate.set(dateCol, lastDate);
        if (classify(withDate, pageCtx) === "record") {
          kind = "record";
          cells.set(dateCol, lastDate);
        }
      }
      if (dated) lastDate = cells.get(dateCol)!;
      if (dated || kind === "record") lastDateBottom = r.bottom;
      lastBottom = r.bottom;
      // A totals line ends the table, whether or not it looks like a row ("Total Earnings 84500"); a dated row
      // ("… Total Wine & More") is a transaction.
      if (!dated && endsTable(r.words)) {
        ended = true;
        bands = null;
        current = null;
        continue;
      }
      if (kind === "record") {
        const own = new Map([...cells].filter((e): e is [number, Word[]] => e[0] !== null));
        current = { cells: own, page: page.number, bottom: r.bottom, negated: cells.negated };
        records.push(current);
      } else if (kind === "text" && current && r.top - current.bottom < CONTINUATION_GAP * r.h && !headingBefore(r, rows[i + 1], current, bands, pageCtx)) {
        // A wrapped line: its words join the text cells of the record above.
        for (const [col, ws] of cells) {
          if (col === null || ctx.roles[col]!.type !== "text") continue;
          current.cells.set(col, [...(current.cells.get(col) ?? []), ...ws]);
        }
        current.bottom = r.bottom;
      } else {
        current = null;
        if (kind === "values" && balanceCol >= 0) {
          // Opening, brought-forward and carried-forward balances: no record, but the running balance checks on.
          const v = typedValue(ctx.roles[balanceCol]!, textOf(cells.get(balanceCol) ?? []), pageCtx);
          if (typeof v === "number") balances.push({ after: records.length, value: v });
        }

      }
    }
  }
  return { records, balances };
}

/** The rows of a table field on any document, or null when none of the readers finds one. */
export function extractTypedTable(model: PageModel, field: FieldDefinition): Extracted | null {
  const roles = (field.columns ?? []).map(columnRole);
  if (roles.length === 0) return null;
  // The table's own name heads its text column as often as not ("Earnings | Amount", "Transactions | Date …").
  const textRole = roles.find((r) => r.role === "description") ?? roles.find((r) => r.type === "text");
  const own = tokenise(field.name.replace(/[_\-.]+/g, " "));
  if (textRole && own.length > 0) textRole.labels.push(own);
  const text = model.pages.flatMap((p) => p.blocks.flatMap((b) => b.lines.map((l) => l.text))).join("\n");
  const order = documentDateOrder(text, detectDateOrder(text));
  const ctx: Context = { roles, order, hint: detectDecimalSeparator(text), years: yearContext(text, order) };
  let { records, balances } = headerLed(model, ctx);
  let score = HEADER_SCORE;
  let strategy = "table-header";
  if (records.length === 0) {
    ({ records, balances } = headerlessTypedRecords(model, ctx));
    score = HEADERLESS_SCORE;
    strategy = "table-headerless";
  }
  if (records.length === 0) return null;
  const out = records.map((r) => typedCells(r, ctx, score, strategy));
  balanceChecks(out, roles, balances);
  const firstPage = out[0]!.page;
  return {
    rows: out.map((r) => r.row),
    meta: {
      confidence: score,
      source: { page: firstPage, ...unionBox(out.filter((r) => r.page === firstPage).flatMap((r) => r.words.map((w) => w.box))) },
      rows: out.map((r) => r.meta),
    },
  };
}
