import { wordRows, type Row } from "./word-rows";
import { tokenise } from "../fields/text-tokens";
import { detectDecimalSeparator, findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import { timed } from "../stage-timing";
import type { FieldDefinition, PageModel, Rulings, Scalar, TableMetadata, TableRow, ValueMetadata, Word } from "../types";
import { unionBox } from "../fields/document-lines";
import { COLUMN_CONCEPTS, type ColumnConcept } from "../fields/column-concepts";
import { itemsBeforeRepeatedCopy } from "./repeated-copy";
import { descriptionOverName, rateOverBareTax, headerScore, isLabelledNote, matchHeaderWords, mergeStackedHeader, netOverGross, type HeaderColumn } from "./find-header";
import { findHeaderlessItems, headerlessRows } from "./headerless-rows";
import type { ItemCells } from "./headerless-columns";
import { findTimesItems } from "./times-items";
import { findCountedLines } from "./counted-lines";
import { withoutTextRules } from "./pipe-table";
import { findStaircaseItems } from "./staircase-items";
import { findTotalledTimesItems } from "./totalled-times";
import { typeAmountBeforeQuantity, typeCodeColumn, typeCurrencyAmount, typeLonePrice, typeNumericTwin, typePositionColumn, typeSecondPrice, typeUnnamedDescription, type TypedColumn } from "./column-typing";
import { extractTypedTable } from "./typed-table";
import { extractListSections } from "./list-sections";
import { findLabelValueItems } from "./label-value-rows";
import { rowFeatures, type RowContext } from "./row-features";
import { rowFacts, tableProfile, type TableProfile } from "./row-profile";
import { columnFeatures, COLUMN_SAMPLE_LINES } from "./column-features";
import { columnFeaturesWanted, reportColumns, retypeColumns } from "./column-model";
import { reportRow, reportVeto, rowFeaturesWanted, rowRole, vetoesItem, type RowRole } from "./row-model";
import { consistentUnitPrice, lineIsConsistent, unitPriceCandidates } from "./row-arithmetic";
import { closesSection, doubleCountedItems, type ReadItem } from "./item-hierarchy";
import { brokenWords, countWords, joinBrokenWords } from "./broken-words";
import { settleCellBoundaries } from "./cell-boundaries";
import { centredLeads, type ItemLine } from "./centred-items";
import { tightenPositionBand } from "./position-band";
import { settleNumberBands } from "./number-bands";
import { settleCentredHeadings } from "./centred-headings";
import { joinDigitGroups } from "./digit-groups";
import {
  ADJUSTMENT,
  IDENTIFIER_LINE,
  KEY_VALUE_LINE,
  LABELLED_NOTE,
  NUMERIC_CELL,
  NUMERIC_KEYS,
  SELLER_SIDE,
  STOP_WORDS,
  splitBracketedCode,
  startsWithTotalsLabel,
  isCarryLine,
  sectionHeading,
} from "./row-rules";

export type TableOptions = { advanced: boolean };

type Column = TypedColumn;


/** An item being read: its cells, values of stacked second columns, and price values printed under its price. */
type Item = { cells: Map<Column, Word[]>; extra: Map<string, Word[]>; closed: boolean; priceBelow: string[]; codeLabelIn?: Column; codeOverName?: boolean };

/** One token of four digits or more and no spaces ("20062218", "A-40711"): an article number, not an item's name. */
const ARTICLE_NUMBER = /^(?=(?:\D*\d){4})[\p{L}\d][\p{L}\d\-_./]*$/u;
const articleNumberAlone = (words: Word[]): boolean => words.length === 1 && ARTICLE_NUMBER.test(words[0]!.text);

/**
 * A till receipt printing an item's article number with its numbers and its name on the line under them ("20062218
 * 9.40 1 9.4" / "FLOWER VASE M"): the number read first in the description is the item's code, the lines under it its
 * name. Only for a row whose arithmetic holds (it started an item with no name of its own) and a name that followed.
 */
function codeOverName(item: Item, fieldForKey: Map<string, string>): void {
  if (!item.codeOverName || !fieldForKey.has("item_code") || item.extra.has("item_code") || [...item.cells.keys()].some((c) => c.key === "item_code")) return;
  const entry = [...item.cells].find(([c]) => c.key === "description");
  if (!entry || entry[1].length < 2 || !entry[1].slice(1).some((w) => /\p{L}{2}/u.test(w.text))) return;
  item.extra.set("item_code", entry[1].slice(0, 1));
  item.cells.set(entry[0], entry[1].slice(1));
}

const CODE_LABELS = COLUMN_CONCEPTS.find((c) => c.key === "item_code")!.labels.map((l) => tokenise(l).join(""));

/**
 * "Art-Nr-Lieferant: TB100A4" in a column no header names: a labelled article number under the item, its value beside
 * the label or on the next line of the same column.
 */
function labelledCode(item: Item, cells: Map<Column, Word[]>): void {
  for (const [col, ws] of cells) {
    if (col.key !== "") continue;
    if (item.codeLabelIn === col) {
      item.extra.set("item_code", ws.slice(0, 1));
      item.codeLabelIn = undefined;
      continue;
    }
    const colon = ws.findIndex((w) => w.text.endsWith(":"));
    if (colon < 0 || colon > 2 || item.extra.has("item_code")) continue;
    if (!CODE_LABELS.includes(tokenise(ws.slice(0, colon + 1).map((w) => w.text).join(" ")).join(""))) continue;
    const value = ws.slice(colon + 1, colon + 2);
    if (value.length > 0) item.extra.set("item_code", value);
    else item.codeLabelIn = col;
  }
}


/** A cell under a recognised column header, before calibration (`confidence/` turns it into a probability). */
const HEADER_CELL_SCORE = 0.75;

export function columnConceptFor(field: FieldDefinition): ColumnConcept | undefined {
  const name = tokenise(field.name.replace(/[_\-.]+/g, " ")).join(" ");
  const exact = COLUMN_CONCEPTS.find((c) => c.key === field.name || c.key.replace(/_/g, " ") === name);
  if (exact) return exact;
  const text = `${name} ${tokenise(field.description ?? "").join(" ")}`;
  return COLUMN_CONCEPTS.find((c) => c.cues.some((cue) => ` ${text} `.includes(` ${cue} `)));
}

/**
 * Right edge of each column band. Text columns are left-aligned and run up to the next header; numbers are
 * right-aligned under theirs. A drawn vertical rule between two headers (advanced mode) overrides both guesses.
 */
function columnEdges(columns: Column[], rulings: Rulings | undefined, headerY: number): number[] {
  return columns.map((col, i) => {
    const next = columns[i + 1];
    if (!next) return Infinity;
    const rule = rulings?.vertical
      .filter((r) => r.y1 - 0.01 <= headerY && r.y2 + 0.01 >= headerY && r.x > col.x1 && r.x < next.x2)
      .sort((a, b) => Math.abs(a.x - (col.x2 + next.x1) / 2) - Math.abs(b.x - (col.x2 + next.x1) / 2))[0];
    if (rule) return rule.x;
    const textCol = col.key === "description" || col.key === "item_code" || col.key === "";
    // Text under a text header starts at the header's left edge, so a narrow position column ("#", "Pos") keeps
    // the numbers printed just before it.
    const nextIsText = col.key === "position" && (next.key === "description" || next.key === "item_code");
    return (textCol || nextIsText) && next.x1 > col.x2 ? next.x1 - 0.1 * (next.x1 - col.x2) : (col.x2 + next.x1) / 2;
  });
}

function assign(columns: Column[], edges: number[], word: Word): Column | undefined {
  const cx = word.box.x + word.box.w / 2;
  for (let i = 0; i < columns.length; i += 1) if (cx < (edges[i] ?? Infinity)) return columns[i];
  return columns[columns.length - 1];
}

function cellsIn(columns: Column[], edges: number[], row: Row): Map<Column, Word[]> {
  const cells = new Map<Column, Word[]>();
  for (const w of row.words) {
    const col = assign(columns, edges, w);
    if (!col) continue;
    const cell = cells.get(col);
    if (cell) cell.push(w);
    else cells.set(col, [w]);
  }
  settleCellBoundaries(columns, cells);
  return cells;
}

/**
 * "900 . 0 0": a number whose text layer spaces its characters apart (a separator standing alone) is one number.
 * "Q30.5": a currency written as one capital letter (where fonts lack its sign; `NUMERIC_CELL`) glued to its amount
 * is set apart, so the amount is read.
 */
export function unspaced(text: string): string {
  const apart = text.replace(/^(\s*-?)([QNRKL])(?=\d)/, "$1$2 ");
  return /\d\s+[.,]\s+\d/.test(apart) ? apart.replace(/(?<=[\d.,])\s+(?=[\d.,])/g, "") : apart;
}

function typedCell(kind: ColumnConcept["kind"] | undefined, text: string, hint: DecimalSeparator | undefined): Scalar {
  if (kind === "number") {
    const amounts = findAmounts(unspaced(text), hint);
    const last = amounts[amounts.length - 1];
    return last ? last.value : null;
  }
  if (kind === "integer") {
    // Sub-item positions ("1.2", "01.01.03") are positions as printed, not the number 1.
    const nested = /^\s*(\d{1,4}(?:\.\d{1,4})+)\.?\s*$/.exec(text);
    if (nested) return nested[1]!;
    const m = /\d+/.exec(text);
    return m ? String(Number(m[0])) : null;
  }
  const t = text.trim();
  return t === "" ? null : t;
}

/** A row with an item's numbers (money and at least two numeric cells) but no description or code of its own. */
function numbersOnlyItem(cells: Map<Column, Word[]>, table: { hasMoney: boolean; numericColumns: number }): boolean {
  const entries = [...cells.entries()];
  if (entries.some(([c]) => c.key === "description" || c.key === "item_code")) return false;
  const numeric = entries.filter(([c, ws]) => NUMERIC_KEYS.has(c.key) && NUMERIC_CELL.test(ws.map((w) => w.text).join(" ").trim()));
  const money = numeric.some(([c]) => (table.hasMoney ? c.key === "amount" || c.key === "unit_price" : c.key === "quantity"));
  return money && numeric.length >= Math.min(2, table.numericColumns);
}

/**
 * Rows with no amount with decimals but a running total carried to the next page: a page's foot (page numbers, bank
 * details, notes, "Balance c/f") rather than a totals block.
 */
function nothingBelowButText(rows: Row[], hint: DecimalSeparator | undefined): boolean {
  return rows.every((r) => {
    const text = r.words.map((w) => w.text).join(" ");
    const amounts = findAmounts(text, hint).filter((a) => a.hasDecimals);
    return amounts.length === 0 || isCarryLine(text, amounts.length);
  });
}

type Extracted = { rows: TableRow[]; meta: TableMetadata };

/** The line amount of an amount cell's words, or null. */
function amountIn(words: Word[] | undefined, hint: DecimalSeparator | undefined): number | null {
  if (!words || !NUMERIC_CELL.test(cellText(words))) return null;
  const amounts = findAmounts(cellText(words), hint);
  return amounts[amounts.length - 1]?.value ?? null;
}

/** Whether a row's quantity × unit price is its amount (prices per 1, 10, 100 or 1000 units). */
function rowArithmeticHolds(cells: Map<Column, Word[]>, hint: DecimalSeparator | undefined): boolean {
  const value = (key: string) => amountIn([...cells].find(([c]) => c.key === key)?.[1], hint);
  const [quantity, price, amount] = [value("quantity"), value("unit_price"), value("amount")];
  return quantity !== null && price !== null && amount !== null && lineIsConsistent(quantity, price, amount);
}

/**
 * Line items: at least two columns name an item's numbers (quantity, unit price, line amount, tax rate, discount).
 * Other tables (dates, balances, money in and out, or text only) are read by their columns' types instead.
 */
export function isLineItemTable(field: FieldDefinition): boolean {
  return (field.columns ?? []).filter((c) => NUMERIC_KEYS.has(columnConceptFor(c)?.key ?? "")).length >= 2;
}

/** "0,75 ore", "18 nr", "2 Stk", "1 (st)": a unit printed after the quantity in its own cell. */
const QUANTITY_WITH_UNIT = /^\s*-?\d[\d.,']*\s*\(?(\p{L}[\p{L}.²³]{0,5})\)?\s*$/u;

/** The unit of a table without a unit column of its own, from the quantity cell, when the field asks for one. */
export function unitFromQuantity(row: TableRow, meta: Record<string, ValueMetadata>, fieldForKey: Map<string, string>): void {
  const unitField = fieldForKey.get("unit");
  const quantityField = fieldForKey.get("quantity");
  if (!unitField || !quantityField || row[unitField] !== undefined) return;
  const cell = meta[quantityField];
  const unit = cell?.raw ? QUANTITY_WITH_UNIT.exec(cell.raw)?.[1] : undefined;
  if (!unit || !cell) return;
  row[unitField] = unit;
  meta[unitField] = { ...cell, raw: unit };
}

/**
 * "1 psch" read in the unit column and nothing in the quantity column: a quantity printed right-aligned under a
 * left-aligned heading reaches into the unit's band when it is narrow ("1" beside "4,00"); the number is the quantity.
 */
export function quantityFromUnit(row: TableRow, meta: Record<string, ValueMetadata>, fieldForKey: Map<string, string>, hint: DecimalSeparator | undefined): void {
  const unitField = fieldForKey.get("unit");
  const quantityField = fieldForKey.get("quantity");
  if (!unitField || !quantityField || row[quantityField] !== undefined) return;
  const cell = meta[unitField];
  const raw = typeof row[unitField] === "string" ? (row[unitField] as string) : undefined;
  const match = raw ? /^\s*(\d[\d.,']*)\s+(\p{L}[\p{L}.²³]{0,5})\s*$/u.exec(raw) : null;
  if (!match || !cell) return;
  const quantity = findAmounts(match[1]!, hint).at(-1)?.value;
  if (quantity === undefined || quantity <= 0) return;
  row[quantityField] = quantity;
  meta[quantityField] = { ...cell, raw: match[1]! };
  row[unitField] = match[2]!;
  meta[unitField] = { ...cell, raw: match[2]! };
}

/**
 * A table with a quantity and a price but no line-amount column ("QUANTITY | ITEM NAME | PRICE"): a line of one unit
 * costs its price, whether the price is per unit or the line's. Lines of more units are left without an amount.
 */
export function lineOfOne(row: TableRow, meta: Record<string, ValueMetadata>, fieldForKey: Map<string, string>, columns: Array<{ key: string }>): void {
  const [amountField, priceField, quantityField] = ["amount", "unit_price", "quantity"].map((k) => fieldForKey.get(k));
  if (!amountField || !priceField || !quantityField || row[amountField] !== undefined || columns.some((c) => c.key === "amount")) return;
  const price = row[priceField];
  if (row[quantityField] !== 1 || typeof price !== "number" || !meta[priceField]) return;
  row[amountField] = price;
  meta[amountField] = { ...meta[priceField] };
}

/** Descriptions this short read as a header's wording ("Menge", "Line total"); longer ones are sentences. */
const MAX_LABEL_TOKENS = 4;

/**
 * Header wording the table field itself gives: a column no concept knows is found by its name; a column of a known
 * concept also by its own name and short description, in whatever language the parser was set up in.
 */
export function headerLabelsOf(defs: FieldDefinition[], conceptOf: Map<string, ColumnConcept | undefined>): Array<{ key: string; tokens: string[] }> {
  const out: Array<{ key: string; tokens: string[] }> = [];
  for (const d of defs) {
    const name = tokenise(d.name.replace(/[_\-.]+/g, " "));
    const concept = conceptOf.get(d.name);
    if (!concept) {
      out.push({ key: `field:${d.name}`, tokens: name });
      continue;
    }
    for (const tokens of [name, tokenise(d.description ?? "")]) if (tokens.length > 0 && tokens.length <= MAX_LABEL_TOKENS) out.push({ key: concept.key, tokens });
  }
  return out;
}

const cellText = (ws: Word[]) => ws.map((w) => w.text).join(" ").trim();

/** How many numeric columns of a row hold a number. */
function countNumericCells(cells: Map<Column, Word[]>): number {
  return [...cells.entries()].filter(([c, ws]) => NUMERIC_KEYS.has(c.key) && NUMERIC_CELL.test(cellText(ws))).length;
}

/** A row that starts an item of its own: text in a text column and at least two numbers, one of them money. */
function startsItem(cells: Map<Column, Word[]>): boolean {
  const hasText = [...cells.entries()].some(([c, ws]) => (c.key === "description" || c.key === "item_code") && ws.some((w) => /\p{L}/u.test(w.text)));
  const money = [...cells.entries()].some(([c, ws]) => (c.key === "amount" || c.key === "unit_price") && NUMERIC_CELL.test(cellText(ws)));
  return hasText && money && countNumericCells(cells) >= 2;
}

/**
 * The first item of a continuation page, read in the previous page's column bands: text in a text column, a number
 * in the amount (or price) column and at least two numeric cells, and no running total ("Brought forward").
 */
function continuesTable(cells: Map<Column, Word[]>, row: Row): boolean {
  const text = row.words.map((w) => w.text).join(" ");
  const numbers = countNumericCells(cells);
  return startsItem(cells) && !isCarryLine(text, numbers) && !startsWithTotalsLabel(row.words);
}

/**
 * Where a table goes on on a page without a header: its first item row in the previous page's column bands, or the
 * text line right above a row of an item's numbers alone (an item printed as its description over its numbers).
 */
function continuationStart(rows: Row[], columns: Column[], edges: number[]): number {
  const numericColumns = columns.filter((c) => NUMERIC_KEYS.has(c.key)).length;
  const hasMoney = columns.some((c) => c.key === "amount" || c.key === "unit_price");
  for (let k = 0; k < rows.length; k += 1) {
    const r = rows[k]!;
    const cells = cellsIn(columns, edges, r);
    if (continuesTable(cells, r)) return k;
    const above = rows[k - 1];
    if (!above || !numbersOnlyItem(cells, { hasMoney, numericColumns }) || r.top - above.bottom > r.h * 0.6) continue;
    const lead = cellsIn(columns, edges, above);
    const leadText = [...lead].some(([c, ws]) => (c.key === "description" || c.key === "item_code") && ws.some((w) => /\p{L}/u.test(w.text)));
    if (leadText && countNumericCells(lead) === 0 && !startsWithTotalsLabel(above.words)) return k - 1;
  }
  return -1;
}

/**
 * Line items: a header row is found from column names (stacked header lines merged), column bands run between
 * neighbouring headers, each row holding a money value starts an item, text-only rows fill an empty description,
 * and a totals row, a large gap or a new header ends the table. Tables continuing over pages are joined because
 * each page's header-led block is read in order.
 */
export function extractTableField(model: PageModel, field: FieldDefinition, options: TableOptions): Extracted {
  // A table that is no list of items (a statement's transactions, a résumé's jobs) is read from its columns' types.
  if (!isLineItemTable(field)) return extractTypedTable(model, field) ?? extractListSections(model, field) ?? { rows: [], meta: { confidence: 0, source: null, rows: [] } };
  const defs = field.columns ?? [];
  const conceptOf = new Map(defs.map((d) => [d.name, columnConceptFor(d)] as const));
  const fieldForKey = new Map<string, string>();
  for (const d of defs) {
    const c = conceptOf.get(d.name);
    if (c && !fieldForKey.has(c.key)) fieldForKey.set(c.key, d.name);
  }
  const extraLabels = headerLabelsOf(defs, conceptOf);
  const rowsOut: TableRow[] = [];
  const metaRows: Array<Record<string, ValueMetadata>> = [];
  // Each row's page and words, and the table it was read in (a header of its own starts the next one).
  const boxes: Array<{ page: number; words: Word[]; table: number }> = [];
  let tableCount = 0;
  // Once a header-led table has ended at its totals, later pages hold no items without a header of their own.
  let tableClosed = false;
  // The column bands of the table read last: a later page that prints no header of its own continues it.
  type Bands = { columns: Column[]; edges: number[] };
  let carry: Bands | null = null;
  // The table read last stopped at a subtotal at the foot of its page, and may go on over the page.
  let carriedPaused = false;
  // The items of the section being read, over its pages: a section's subtotal is the sum of their amounts.
  let sectionItems: ReadItem[] = [];

  for (const page of model.pages) {
    const carried = carry as Bands | null;
    const { rows, hint } = timed("tables › rows", () => {
      // Numbers grouped by spaces ("7 410 714.29") are one word each, so their groups stay in one column.
      const words = joinDigitGroups(page.blocks.flatMap((b) => b.lines.map((l) => l.words)), page.width / page.height).flat();
      return { rows: withoutTextRules(wordRows(words)), hint: detectDecimalSeparator(words.map((w) => w.text).join(" ")) };
    });
    // Whether a row reads as a table header is asked of each row by the header search and again, row after row, while
    // items are read (a new header ends the table): matched once per row of the page. The columns are only read.
    const headerColumns = new Map<Row, HeaderColumn[]>();
    const headerOf = (r: Row): HeaderColumn[] => {
      let found = headerColumns.get(r);
      if (!found) headerColumns.set(r, (found = matchHeaderWords(r.words, extraLabels)));
      return found;
    };
    const headerLike = new Map<Row, boolean>();
    const namesColumns = (r: Row, text: string): boolean => {
      let found = headerLike.get(r);
      if (found === undefined) headerLike.set(r, (found = !isLabelledNote(r.words, extraLabels) && headerScore(headerOf(r), text) > 0));
      return found;
    };
    const rowsBefore = rowsOut.length;
    const isLastPage = page === model.pages[model.pages.length - 1];
    let endedAtTotals = false;
    let pausedAtPageFoot = false;
    let i = 0;
    /** Reads item rows from `start` under the given column bands; returns the index of the first row not read. */
    const readTable = (columns: Column[], edges: number[], start: number, startBottom: number): number => {
      tableCount += 1;
      let j = start;
    const hasMoney = columns.some((c) => c.key === "amount" || c.key === "unit_price");
    const textKeys = new Set(["description", "item_code", "position"]);
    let lastBottom = startBottom;
    let current: Item | null = null;
    let currentBottom = 0;
    let currentH = 0;
    // The items of this table as read (their outline numbers, amounts and description words), for the rules that
    // judge items by their neighbours once the table is read.
    const tableStart = rowsOut.length;
    const read: Array<ReadItem & { description: Word[] }> = [];
    const flush = () => {
      if (!current) return;
      codeOverName(current, fieldForKey);
      const out: TableRow = {};
      const meta: Record<string, ValueMetadata> = {};
      const all: Word[] = [];
      const cellsByKey: Array<{ key: string; field: string | null; ws: Word[] }> = [...current.cells].map(([col, ws]) => ({ key: col.key, field: col.field, ws }));
      for (const [key, ws] of current.extra) cellsByKey.push({ key, field: fieldForKey.get(key) ?? null, ws });
      for (const { key, field: name, ws } of cellsByKey) {
        if (!name) continue;
        const kind = COLUMN_CONCEPTS.find((c) => c.key === key)?.kind;
        const typed = typedCell(kind, ws.map((w) => w.text).join(" "), hint);
        // A rate in brackets ("(21.00)") is bracketed, not negative: no tax rate is below zero.
        const value = key === "tax_rate" && typeof typed === "number" ? Math.abs(typed) : typed;
        if (value === null) continue;
        out[name] = value;
        meta[name] = { confidence: HEADER_CELL_SCORE, source: { page: page.number, ...unionBox(ws.map((w) => w.box)) }, raw: ws.map((w) => w.text).join(" "), evidence: { strategy: "table-header", score: HEADER_CELL_SCORE } };
        all.push(...ws);
      }
      const item: Item = current;
      const priceField = fieldForKey.get("unit_price");
      const qty = out[fieldForKey.get("quantity") ?? ""];
      const amount = out[fieldForKey.get("amount") ?? ""];
      if (priceField && typeof qty === "number" && typeof amount === "number") {
        const priceCell = [...item.cells].find(([c]) => c.key === "unit_price")?.[1];
        const unlabelled = [...item.cells].filter(([c]) => c.key === "").map(([, ws]) => ws.map((w) => w.text).join(" "));
        const price = consistentUnitPrice(qty, amount, unitPriceCandidates({ priceText: priceCell ? priceCell.map((w) => w.text).join(" ") : null, priceBelow: item.priceBelow, unlabelled }, hint));
        if (price !== null && out[priceField] !== price) {
          const current = out[priceField];
          if (typeof current !== "number" || !lineIsConsistent(qty, current, amount)) {
            out[priceField] = price;
            meta[priceField] ??= { confidence: HEADER_CELL_SCORE, source: meta[fieldForKey.get("amount") ?? ""]?.source ?? null, evidence: { strategy: "table-arithmetic", score: HEADER_CELL_SCORE } };
          }
        }
      }
      positionFromDescription(out, meta, rowsOut.length > tableStart ? rowsOut[rowsOut.length - 1]! : null);
      quantityFromUnit(out, meta, fieldForKey, hint);
      lineOfOne(out, meta, fieldForKey, columns);
      unitFromQuantity(out, meta, fieldForKey);
      splitBracketedCode(out, fieldForKey);
      if (Object.keys(out).length > 0) {
        rowsOut.push(out);
        metaRows.push(meta);
        boxes.push({ page: page.number, words: all, table: tableCount });
        const cellOf = (key: string) => [...item.cells].find(([c]) => c.key === key)?.[1];
        const position = cellOf("position");
        const amount = amountIn(cellOf("amount"), hint);
        const readItem = { position: position ? cellText(position).replace(/\.$/, "") : null, amount };
        read.push({ ...readItem, description: cellOf("description") ?? [] });
        sectionItems.push(readItem);
      }
      current = null;
    };
    /**
     * "1 chiffon" in the description and nothing in the "#" column: a position printed off its column's band (numbers
     * set left of their heading, or centred on it) is the description's leading number when it is the next in the
     * table's count (1 for its first row, one more than the row above's position).
     */
    const positionFromDescription = (out: TableRow, meta: Record<string, ValueMetadata>, above: TableRow | null): void => {
      const positionField = fieldForKey.get("position");
      const descField = fieldForKey.get("description");
      if (!positionField || !descField || !columns.some((c) => c.key === "position") || out[positionField] !== undefined) return;
      const text = out[descField];
      const m = typeof text === "string" ? /^(\d{1,4})\.?\s+(\S.*)$/u.exec(text) : null;
      if (!m || !meta[descField]) return;
      const before = above ? above[positionField] : undefined;
      const expected = above === null ? 1 : typeof before === "string" && /^\d+$/.test(before) ? Number(before) + 1 : null;
      if (expected === null || Number(m[1]) !== expected) return;
      out[positionField] = m[1]!;
      meta[positionField] = { ...meta[descField], raw: m[1]! };
      out[descField] = m[2]!;
      meta[descField] = { ...meta[descField], raw: m[2]! };
    };
    const cellsOf = (r: Row): Map<Column, Word[]> => cellsIn(columns, edges, r);
    const descriptionEdge = edges[columns.findIndex((c) => c.key === "description")];
    /**
     * A line naming columns starts a new table, unless it stands wholly within the description column: a sentence
     * printed under an item ("This product has no tax rate.") may use column words, a header spans the number columns.
     */
    const startsNewHeader = (r: Row, text: string): boolean => {
      if (descriptionEdge !== undefined && Number.isFinite(descriptionEdge) && r.words.every((w) => w.box.x + w.box.w <= descriptionEdge)) return false;
      return namesColumns(r, text);
    };
    /** Whether the next line with money from row `k` on, past text and notes, is an item (not a total or a header). */
    const itemFollows = (k: number): boolean => {
      for (let m = k; m < rows.length; m += 1) {
        const r = rows[m]!;
        if (r.top - (rows[m - 1]?.bottom ?? r.top) > r.h * 6) return false;
        const cells = cellsOf(r);
        const text = r.words.map((w) => w.text).join(" ");
        const desc = [...cells].filter(([c]) => c.key === "description").flatMap(([, ws]) => ws);
        const first = tokenise(r.words[0]?.text ?? "")[0] ?? "";
        if (STOP_WORDS.has(first) || STOP_WORDS.has(tokenise(desc[0]?.text ?? "")[0] ?? "") || startsWithTotalsLabel(r.words) || isCarryLine(text, countNumericCells(cells))) return false;
        if (startsNewHeader(r, text)) return false;
        const money = [...cells].some(([c, ws]) => (c.key === "amount" || c.key === "unit_price") && NUMERIC_CELL.test(cellText(ws)));
        if (money) return startsItem(cells) && !ADJUSTMENT.test(cellText(desc) || text);
      }
      return false;
    };
    /**
     * The lines of a table printed with its descriptions centred on their numbers that stand above an item's numbers,
     * each with that row's index (none when the table is not so printed). Read from `start` to the table's first line
     * that is neither an item's numbers nor text alone (totals, a carried-forward line, a header, a wide gap).
     */
    const centredLeadRows = (start: number, startBottom: number): Map<number, number> => {
      const lines: ItemLine[] = [];
      let previousBottom = startBottom;
      for (let k = start; k < rows.length; k += 1) {
        const r = rows[k]!;
        if (r.top - previousBottom > r.h * 6) break;
        const cells = cellsOf(r);
        const text = r.words.map((w) => w.text).join(" ");
        const numbers = countNumericCells(cells);
        if (isCarryLine(text, numbers) || STOP_WORDS.has(tokenise(r.words[0]?.text ?? "")[0] ?? "") || startsWithTotalsLabel(r.words)) break;
        if (startsNewHeader(r, text)) break;
        const money = [...cells].some(([c, ws]) => (hasMoney ? c.key === "amount" || c.key === "unit_price" : c.key === "quantity") && NUMERIC_CELL.test(cellText(ws)));
        const lettered = [...cells].some(([c, ws]) => textKeys.has(c.key) && ws.some((w) => /\p{L}/u.test(w.text)));
        if (money && numbers >= Math.min(2, numericColumns)) lines.push({ top: r.top, bottom: r.bottom, h: r.h, kind: "numbers" });
        else if (numbers === 0 && lettered) lines.push({ top: r.top, bottom: r.bottom, h: r.h, kind: "text" });
        else break;
        previousBottom = r.bottom;
      }
      const leads = centredLeads(lines);
      return new Map([...(leads ?? [])].map(([line, owner]) => [start + line, start + owner]));
    };
    /**
     * The learned role of a line (null without a row model in force, or with one that only vetoes items) and whether
     * the model refuses it as an item; reported to training when it collects.
     */
    let profile: TableProfile | null = null;
    const classifyRow = (c: Omit<RowContext, "cells" | "nextStartsItem" | "nextTextOnly" | "facts" | "profile"> & { cells: Map<Column, Word[]> }): { role: RowRole | null; veto: boolean } => {
      const nextCells = c.next ? cellsOf(c.next) : null;
      profile ??= tableProfile(rows.slice(start), (r) => rowFacts(cellsOf(r), columns, hint), startBottom, options.advanced ? 8 : 6);
      const facts = rowFacts(c.cells, columns, hint);
      const features = rowFeatures({ ...c, facts, profile, nextStartsItem: nextCells !== null && startsItem(nextCells), nextTextOnly: nextCells !== null && countNumericCells(nextCells) === 0 });
      reportRow({ page: page.number, text: c.row.words.map((w) => w.text).join(" "), features });
      return { role: rowRole(features), veto: vetoesItem(features) };
    };
    const numericColumns = columns.filter((c) => NUMERIC_KEYS.has(c.key)).length;
    // Text printed right above an item's numbers, whose own line has no description, is that item's first line.
    let lead: Map<Column, Word[]> | null = null;
    // The last line read with a description and a line amount alone (a lump sum: "Installation … 650 000"), which
    // starts no item by itself.
    let loneAmount: { index: number; cells: Map<Column, Word[]> } | null = null;
    /**
     * Whether a lump-sum line right over the totals is the table's last item: the items read so far and it add up to
     * the totals line's amount, and the items alone do not.
     */
    const addsUpWith = (lone: Map<Column, Word[]>, totals: Map<Column, Word[]>): boolean => {
      const amountOf = (cells: Map<Column, Word[]>) => amountIn([...cells].find(([c]) => c.key === "amount")?.[1], hint);
      const [value, total] = [amountOf(lone), amountOf(totals)];
      const items = sectionItems.map((item) => item.amount);
      if (value === null || total === null || items.length === 0 || items.some((a) => a === null)) return false;
      const sum = items.reduce((s: number, a) => s + a!, 0);
      const near = (a: number, b: number) => Math.abs(a - b) <= 0.011 + 1e-6 * Math.abs(b);
      return near(sum + value, total) && !near(sum, total);
    };
    // Items whose descriptions are centred on their numbers: the lines printed above an item's numbers, each with the
    // row of those numbers, and the cells of those read so far.
    const leadOwners = centredLeadRows(j, startBottom);
    let leading: Array<Map<Column, Word[]>> = [];
    for (; j < rows.length; j += 1) {
      const r = rows[j]!;
      if (r.top - lastBottom > r.h * (options.advanced ? 8 : 6)) break;
      const cells = cellsOf(r);
      if (leadOwners.has(j)) {
        flush();
        leading.push(cells);
        lastBottom = r.bottom;
        continue;
      }
      const text = r.words.map((w) => w.text).join(" ");
      // A rule printed as text ("---", "=====") between or under items is no part of a description.
      if (leading.length === 0 && !/[\p{L}\d]/u.test(text)) {
        lastBottom = r.bottom;
        continue;
      }
      if (leading.length > 0) {
        for (const [col, ws] of [...leading].reverse().flatMap((m) => [...m])) cells.set(col, [...ws, ...(cells.get(col) ?? [])]);
        leading = [];
      }
      const firstToken = tokenise(r.words[0]?.text ?? "")[0] ?? "";
      const descWords = [...cells.entries()].filter(([c]) => c.key === "description").flatMap(([, ws]) => ws);
      const descFirst = tokenise(descWords[0]?.text ?? "")[0] ?? "";
      const call = rowFeaturesWanted() ? classifyRow({ row: r, cells, columns, previousBottom: lastBottom, next: rows[j + 1], item: current ? { bottom: currentBottom, h: currentH } : null }) : null;
      const role = call?.role ?? null;
      // "Carried forward 1.234,50" / "Übertrag": a running total between pages, neither an item nor the table's end.
      if (isCarryLine(text, countNumericCells(cells))) {
        flush();
        lastBottom = r.bottom;
        continue;
      }
      if (STOP_WORDS.has(firstToken) || STOP_WORDS.has(descFirst) || startsWithTotalsLabel(r.words)) {
        // A section's subtotal (the sum of its items) with the next section's items under it, no heading between,
        // closes the section, not the table; its own notes under it belong to no item.
        flush();
        if (loneAmount?.index === j - 1 && addsUpWith(loneAmount.cells, cells)) {
          current = { cells: loneAmount.cells, extra: new Map(), closed: true, priceBelow: [] };
          flush();
        }
        const closes = closesSection(amountIn([...cells].find(([c]) => c.key === "amount")?.[1], hint), sectionItems);
        // The section ends there whatever follows (the next section may start over the page).
        if (closes) sectionItems = [];
        if (closes && itemFollows(j + 1)) {
          lastBottom = r.bottom;
          continue;
        }
        // A section subtotal followed by a section heading and more items ("--- Food ---") does not end the table.
        const heading = rows[j + 1];
        const nextItem = rows[j + 2];
        const headingText = heading?.words.map((w) => w.text).join(" ") ?? "";
        if (heading && nextItem && !/\d/.test(headingText) && /[-=*#]{2,}|:$/.test(headingText) && heading.top - r.bottom < r.h * 3) {
          sectionItems = [];
          lastBottom = heading.bottom;
          j += 1;
          continue;
        }
        // A subtotal with no other amount under it on a page that is not the last is the page's own running total:
        // the table goes on over the page (with or without its header printed again).
        if (!isLastPage && nothingBelowButText(rows.slice(j + 1), hint)) {
          pausedAtPageFoot = true;
          break;
        }
        // Only a table that read items ends at its totals: a header-like line above the real header ("Te betalen voor
        // …" under an address block read as a header) closes nothing.
        if (read.length > 0) endedAtTotals = true;
        break;
      }
      // Discount/surcharge lines under an item adjust it; they are not items of their own.
      if (ADJUSTMENT.test(descWords.map((w) => w.text).join(" ") || text)) {
        lastBottom = r.bottom;
        continue;
      }
      // A new header ends the table; a "key: value" note under an item ("Accounting Reference: Cost Center") is none.
      if (startsNewHeader(r, text)) break;
      const moneyCell = [...cells.entries()].some(
        ([c, ws]) => (hasMoney ? c.key === "amount" || c.key === "unit_price" : c.key === "quantity") && NUMERIC_CELL.test(ws.map((w) => w.text).join(" ").trim()),
      );
      // A description cell without a letter ("10,00 % 1.235,40 €") is a row of a summary table, not an item's text.
      // A description of figures alone (a date, a reference: "01.11.2021  4.00  23.45  93.80") is an item's text when the
      // row's own arithmetic holds (quantity × price = amount); a summary row's figures do not multiply out.
      const figuresOnly = [...cells].some(([c, ws]) => c.key === "description" && ws.length > 0) && rowArithmeticHolds(cells, hint);
      const hasText = ([...cells].some(([c, ws]) => textKeys.has(c.key) && (c.key !== "description" || ws.some((w) => /\p{L}/u.test(w.text)))) || figuresOnly) && !KEY_VALUE_LINE.test(text);
      lastBottom = r.bottom;
      const hasQuantity = [...cells.keys()].some((c) => c.key === "quantity");
      const cur0 = current as { cells: Map<Column, Word[]> } | null;
      const curHasAmount = cur0 !== null && [...cur0.cells.keys()].some((c) => c.key === "amount");
      const rowHasAmount = [...cells.keys()].some((c) => c.key === "amount");
      const quantityColumn = columns.some((c) => c.key === "quantity");
      // Two-line items: the line total printed on the line under the quantity and price belongs to that item.
      const completesCurrent = cur0 !== null && !curHasAmount && rowHasAmount && quantityColumn && !hasQuantity && r.top - currentBottom < r.h * 1.8;
      // An item row fills at least two numeric columns when the table has them; one stray number is a note.
      const numericCells = [...cells.entries()].filter(([c, ws]) => NUMERIC_KEYS.has(c.key) && NUMERIC_CELL.test(ws.map((w) => w.text).join(" ").trim())).length;
      const enoughNumbers = numericCells >= Math.min(2, numericColumns);
      // An item starts with text and numbers: a price/total, or a quantity whose total follows on the next line.
      const next = rows[j + 1];
      if (!moneyCell && numericCells === 0 && descWords.length > 0 && next && next.top - r.bottom < r.h * 0.6 && numbersOnlyItem(cellsOf(next), { hasMoney, numericColumns })) {
        if (current) current.closed = true;
        lead = cells;
        continue;
      }
      if (lead && numbersOnlyItem(cells, { hasMoney, numericColumns })) {
        for (const [col, ws] of lead) if (!cells.has(col)) cells.set(col, ws);
        flush();
        current = { cells, extra: new Map(), closed: false, priceBelow: [] };
        currentBottom = r.bottom;
        currentH = r.h;
        lead = null;
      } else if (hasText && enoughNumbers && (moneyCell || (hasQuantity && numericCells >= 2)) && !completesCurrent) {
        flush();
        // A line the row model is sure is no item (a subtotal or page foot the vocabulary missed) starts none, unless
        // its own arithmetic (quantity × price = amount) says it is one.
        if (call?.veto && !rowArithmeticHolds(cells, hint)) {
          reportVeto(text);
          continue;
        }
        current = { cells, extra: new Map(), closed: false, priceBelow: [], codeOverName: figuresOnly && articleNumberAlone(descWords) };
        currentBottom = r.bottom;
        currentH = r.h;
      } else if (current && !hasText && r.top - currentBottom < r.h * 1.8 && [...cells.keys()].some((c) => c.key === "unit_price") && [...cells.keys()].every((c) => c.key === "unit_price" || c.key === "")) {
        // "- €2.00" / "= €18.00" under the price: the computation of the net unit price.
        current.priceBelow.push(...[...cells].filter(([c]) => c.key === "unit_price").map(([, ws]) => ws.map((w) => w.text).join(" ")));
        currentBottom = r.bottom;
      } else if (current && !moneyCell && hasQuantity && hasText) {
        // A sub-item (bundle content with its own quantity) is neither an item nor part of the description.
        current.closed = true;
        currentBottom = r.bottom;
      } else if (current && numericCells === 0 && next && (role ? role === "heading" : sectionHeading({ gapAbove: r.top - currentBottom, gapBelow: next.top - r.bottom, nextStartsItem: startsItem(cellsOf(next)), lineHeight: r.h }))) {
        // A text line set apart from the item above and close to the next item ("Licences", "Non Food") heads a
        // section: it is neither an item nor part of the description above it.
        flush();
      } else if (current && !completesCurrent && hasText && moneyCell && numericCells === 1 && descWords.length > 0 && [...cells].some(([c, ws]) => c.key === "amount" && NUMERIC_CELL.test(cellText(ws)))) {
        loneAmount = { index: j, cells };
      } else if (current && (!moneyCell || completesCurrent) && r.top - currentBottom < Math.min(r.h, currentH) * 1.8) {
        // The gap is measured in the item's own type size too: a logo or title set large far under the last item
        // ("CS" in 40-point type) is no wrapped description however tall its own line.
        const cur: Item = current;
        // Notes are judged in the description column when the row has one ("Art-Nr-Lieferant: | Solarziegels").
        const lineText = (descWords.length > 0 ? descWords : r.words).map((w) => w.text).join(" ");
        labelledCode(cur, cells);
        // Identifier lines under an item (GTIN, serial numbers) are not part of its description.
        // Identifier and "key: value" lines under an item (GTIN, serial numbers, service ids) end its description.
        // A second value in the code column under an item that has its code is an identifier (EAN under the article number).
        const hasDescription = [...cur.cells.keys()].some((c) => c.key === "description");
        const secondCode = hasDescription && [...cells.keys()].some((c) => c.key === "item_code" && c.field !== null && cur.cells.has(c));
        // Closed only by this row's description note or second code: its wrapped line total still belongs to the item.
        const wholeLine = r.words.map((w) => w.text).join(" ");
        const wrappedTotal = !cur.closed && !KEY_VALUE_LINE.test(wholeLine) && !IDENTIFIER_LINE.test(wholeLine);
        // The row model in force, when it calls a text line no part of an item (a note, a page's foot), ends its
        // description. It judges the whole line, so on a line whose text spans the description column and another
        // ("Art-Nr-Lieferant: | von Solarhaltern mit") its call may be the other column's note: the rules above, which
        // judge the description column, decide there.
        const wholeLineIsDescription = descWords.length === 0 || descWords.length === r.words.length;
        // A description whose line ends on a comma goes on, even on a line that reads "key: value" ("M8," / "colour: white").
        const descriptionSoFar = [...cur.cells].find(([c]) => c.key === "description")?.[1];
        const openEnded = /,$/.test(descriptionSoFar?.at(-1)?.text ?? "");
        if (IDENTIFIER_LINE.test(lineText) || (KEY_VALUE_LINE.test(lineText) && !openEnded) || secondCode || (role === "other" && numericCells === 0 && wholeLineIsDescription)) cur.closed = true;
        if (cur.closed) {
          // A note in the description column ends the text, not a line total printed a little lower beside it.
          for (const [col, ws] of cells) {
            if (col.key === "amount" && !cur.cells.has(col) && wrappedTotal && NUMERIC_CELL.test(ws.map((w) => w.text).join(" ").trim())) cur.cells.set(col, ws);
          }
        } else {
          for (const [col, ws] of cells) {
            if (col.second && !cur.extra.has(col.second)) {
              cur.extra.set(col.second, ws);
            } else if (col.key === "description") {
              // A description whose line total prints on its second line goes on on that line ("Typkl. 18" / "Regio R9  80,00").
              const existing = cur.cells.get(col);
              cur.cells.set(col, existing ? [...existing, ...ws] : ws);
            } else if (!cur.cells.has(col)) {
              // A value printed a little lower than its row (a wrapped amount) still belongs to it.
              cur.cells.set(col, ws);
            }
          }
        }
        currentBottom = r.bottom;
      }
    }
    flush();
    settleTable(tableStart, read, rows);
      return j;
    };
    while (i < rows.length) {
      const row = rows[i]!;
      let header = headerOf(row);
      const rowText = row.words.map((w) => w.text).join(" ");
      if (!namesColumns(row, rowText)) {
        i += 1;
        continue;
      }
      // Header lines stacked right above/below the found one belong to it.
      const above = rows[i - 1];
      // A "key: value" line over the header ("Service: Consulting") is a note, not a header line.
      const aboveText = above?.words.map((w) => w.text).join(" ") ?? "";
      if (above && row.top - above.bottom < row.h * 0.9 && !findAmounts(aboveText).some((a) => a.hasDecimals) && !LABELLED_NOTE.test(aboveText)) {
        header = mergeStackedHeader(header, headerOf(above));
      }
      let j = i + 1;
      // Up to two header lines may be stacked under the found one ("Ohne" / "MwSt." under "Zeilenbetrag").
      for (let k = 0; k < 2; k += 1) {
        const belowRow = rows[j];
        const prev = rows[j - 1]!;
        if (!belowRow || belowRow.top - prev.bottom > row.h * 0.6) break;
        const belowText = belowRow.words.map((w) => w.text).join(" ");
        if (/\d/.test(belowText)) break;
        header = mergeStackedHeader(header, headerOf(belowRow));
        j += 1;
      }
      // When a key names two columns (customer's and supplier's article numbers), the seller's one wins; of a net and
      // a gross price or line value ("Cena netto" / "Cena brutto"), the net one, as the line items' amounts are net.
      const chosen = new Map<string, HeaderColumn>();
      for (const c of header) {
        if (c.key === "") continue;
        const prev = chosen.get(c.key);
        const better = (!SELLER_SIDE.test(prev?.label ?? "") && SELLER_SIDE.test(c.label)) || netOverGross(prev?.label ?? "", c.label) || (c.key === "description" && descriptionOverName(prev?.label ?? "", c.label)) || (c.key === "tax_rate" && rateOverBareTax(prev?.label ?? "", c.label));
        if (!prev || better) chosen.set(c.key, c);
      }
      const columns: Column[] = header.map((c) => {
        const fieldName = c.key.startsWith("field:") ? c.key.slice(6) : fieldForKey.get(c.key) ?? null;
        return { ...c, field: chosen.get(c.key) === c ? fieldName : null };
      });
      if (!typeSecondPrice(columns, fieldForKey) && !typeAmountBeforeQuantity(columns, fieldForKey) && !typeCurrencyAmount(columns, fieldForKey)) typeLonePrice(columns, fieldForKey);
      let edges = columnEdges(columns, options.advanced ? page.rulings : undefined, (row.top + row.bottom) / 2);
      const firstItem = rows.slice(j, j + 4).map((r) => cellsIn(columns, edges, r)).find((cells) => [...cells].some(([c, ws]) => (c.key === "amount" || c.key === "unit_price") && NUMERIC_CELL.test(ws.map((w) => w.text).join(" ").trim())));
      if (firstItem && (typePositionColumn(columns, firstItem, fieldForKey) || typeCodeColumn(columns, firstItem, fieldForKey) || typeNumericTwin(columns, firstItem, fieldForKey) || typeUnnamedDescription(columns, firstItem, fieldForKey))) edges = columnEdges(columns, options.advanced ? page.rulings : undefined, (row.top + row.bottom) / 2);
      if (columnFeaturesWanted(columns)) {
        // The learned column typer (column-model.ts) reads the lines under the header.
        const lines = rows.slice(j, j + COLUMN_SAMPLE_LINES).map((r) => cellsIn(columns, edges, r));
        const features = columnFeatures(columns, lines, hint);
        reportColumns({ page: page.number, columns: columns.map((c, k) => ({ key: c.key, label: c.label, features: features[k]!, cells: lines.map((l) => (l.get(c) ?? []).map((w) => w.text).join(" ")) })) });
        if (retypeColumns(columns, features, fieldForKey)) edges = columnEdges(columns, options.advanced ? page.rulings : undefined, (row.top + row.bottom) / 2);
      }
      tightenPositionBand(columns, edges, rows.slice(j));
      settleCentredHeadings(columns, edges, rows.slice(j));
      settleNumberBands(columns, edges, rows.slice(j));
      const readBefore = rowsOut.length;
      i = readTable(columns, edges, j, row.bottom);
      // A header-like line that leads no items (a page's foot: "Phone … VAT No.: …") does not replace the bands a
      // continuation page is read in.
      if (rowsOut.length > readBefore || carry === null) carry = { columns, edges };
    }
    if (rowsOut.length === rowsBefore && !tableClosed && carried) {
      // A page without a header under a table that has not ended: its rows stand in the same column bands.
      const start = continuationStart(rows, carried.columns, carried.edges);
      if (start >= 0) readTable(carried.columns, carried.edges, start, rows[start]!.top);
      carry = carried;
      // A table paused at the previous page's subtotal that does not go on here had ended there after all.
      if (rowsOut.length === rowsBefore && carriedPaused) tableClosed = true;
    }
    carriedPaused = pausedAtPageFoot && !endedAtTotals;
    if (rowsOut.length > rowsBefore) {
      tableClosed ||= endedAtTotals;
      if (endedAtTotals) carry = null;
    } else if (!tableClosed) {
      // No header found here (or a continuation page without a repeated one): items from content and geometry.
      // Items printed as labelled values ("Qty: 10  Unit Price: $22.00") name their cells themselves.
      const labelled = findLabelValueItems(rows, hint);
      // Lines that print a count with a times sign in running text ("Rice x 1 = 50.00") when nothing else is found (two
      // or more, or any confirmed by the total under them), and last a delivery list without money ("Case - Camo - 1").
      const found = (): ItemCells[] => {
        const typed = findHeaderlessItems(rows, hint);
        if (typed.length > 0) return typed;
        const times = findTimesItems(rows, hint);
        if (times.length > 0) return times;
        const totalled = findTotalledTimesItems(rows, hint);
        return totalled.length > 0 ? totalled : findCountedLines(rows);
      };
      // A till print wrapped cell by cell, its header a staircase of labels one to a line ("Item" / "Qty" / "Price").
      const staircase = labelled.length > 0 ? [] : findStaircaseItems(rows, headerOf);
      const items = timed("tables › headerless", () => headerlessRows(labelled.length > 0 ? labelled : staircase.length > 0 ? staircase : found(), { fieldForKey, hint, page: page.number }));
      for (const item of items) {
        splitBracketedCode(item.row, fieldForKey);
        if (Object.keys(item.row).length === 0) continue;
        rowsOut.push(item.row);
        metaRows.push(item.meta);
        boxes.push({ page: page.number, words: item.words, table: tableCount });
      }
    }
  }
  /**
   * Once a table is read: words its column broke without a hyphen are joined again, and items counted twice (a group's
   * line beside its members, a bundle's unpriced contents) are left out.
   */
  function settleTable(start: number, read: Array<ReadItem & { description: Word[] }>, pageRows: Row[]): void {
    const descField = fieldForKey.get("description");
    if (descField) {
      brokenWords(read.map((r) => r.description), () => countWords(pageRows.flatMap((r) => r.words))).forEach((broken, k) => {
        const row = rowsOut[start + k];
        const text = row?.[descField];
        if (broken.length === 0 || !row || typeof text !== "string") return;
        row[descField] = joinBrokenWords(text, broken);
        const cell = metaRows[start + k]?.[descField];
        if (cell?.raw) cell.raw = joinBrokenWords(cell.raw, broken);
      });
    }
    const drop = doubleCountedItems(read);
    for (const k of [...drop].sort((a, b) => b - a)) {
      rowsOut.splice(start + k, 1);
      metaRows.splice(start + k, 1);
      boxes.splice(start + k, 1);
    }
  }
  const kept = itemsBeforeRepeatedCopy(rowsOut, boxes.map((b) => b.page), boxes.map((b) => b.table));
  rowsOut.splice(kept);
  metaRows.splice(kept);
  boxes.splice(kept);
  const first = boxes[0];
  const confidence = rowsOut.length > 0 ? 0.7 : 0;
  return {
    rows: rowsOut,
    meta: {
      confidence,
      source: first ? { page: first.page, ...unionBox(boxes.filter((b) => b.page === first.page).flatMap((b) => b.words.map((w) => w.box))) } : null,
      rows: metaRows,
    },
  };
}

