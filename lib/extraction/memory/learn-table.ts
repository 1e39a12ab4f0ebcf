import { parseAmount } from "../../normalise/amounts";
import type { FieldDefinition, Scalar, TableRow } from "../types";
import { sameRow } from "./layout";
import { locateValue, type Span } from "./locate";
import { isStableWord, normalise } from "./text";
import type { ColumnEvidence, DocumentLayout, LayoutWord, TableEvidence, TableFooter } from "./types";

/** Cells of one column whose centres lie this close (page widths) to the column's median centre are its band. */
const BAND_TOLERANCE = 0.06;
/** How far (in line heights) from a row's telling cell its other cells may be printed. */
const ROW_REACH = 2.5;

/**
 * A taught table's column bands: each confirmed row is found on the page by its most telling cell (the longest
 * text, usually the description), then every other cell of the row is looked for on that row only; a column's
 * band is where most of its cells sit, and its header words are those printed right above the band. A column
 * none of whose cells can be found is left out.
 */
export function learnTable(layout: DocumentLayout, field: FieldDefinition, rows: TableRow[]): TableEvidence | null {
  const columns = field.columns ?? [];
  const located = new Map<string, Span[]>();
  const offsets = new Map<string, number[]>();
  const references = new Map<string, number>();
  const rowLines: Span[] = [];
  let page: number | null = null;
  for (const row of rows) {
    const key = rowKey(columns, row);
    if (!key) continue;
    const anchor = locateValue(layout, key.type, row[key.name]!).find((span) => span.lines === 1 && (page === null || span.page === page));
    if (!anchor) continue;
    page ??= anchor.page;
    // A row may print over a few lines (figures on one, the description under them): look within two lines.
    const reach = ROW_REACH * anchor.box.h;
    const rowWords = layout.pages.find((candidate) => candidate.n === anchor.page)!.words.filter((word) => Math.abs(word.y - anchor.box.y) <= reach || sameRow(word, anchor.box));
    const rowLayout: DocumentLayout = { pages: [{ n: anchor.page, words: rowWords }] };
    const cells = new Map<string, Span>([[key.name, anchor]]);
    // Each printed word belongs to one cell: the most telling values claim theirs first ("1" comes last).
    const claimed = new Set<LayoutWord>(anchor.words);
    const rest = columns.filter((column) => column.name !== key.name && row[column.name] !== null && row[column.name] !== undefined && row[column.name] !== "");
    for (const column of rest.sort((a, b) => String(row[b.name]).length - String(row[a.name]).length)) {
      const free = locateValue(rowLayout, column.type, row[column.name]!).filter((candidate) => candidate.lines === 1 && !candidate.words.some((word) => claimed.has(word)));
      // The same figure printed twice on a row (a quantity of -5 and an amount of -5.00): columns are defined in the
      // order they are printed, so the printing nearer the column's share of the row's width is its cell.
      const expected = (columns.indexOf(column) + 0.5) / columns.length;
      const sorted = free.sort((a, b) => b.score - a.score || Math.abs(a.box.x - expected) - Math.abs(b.box.x - expected));
      // A printing on the row itself is the row's cell, before one on the line under it (a total below the table).
      const onRow = sorted.find((candidate) => candidate.score === sorted[0]!.score && sameRow(candidate.box, anchor.box));
      const twin = twinFigure(columns, row, column, cells);
      const span = onRow ?? (twin && sameRow(twin.box, anchor.box) ? twin : (sorted[0] ?? twin));
      if (!span) continue;
      cells.set(column.name, span);
      for (const word of span.words) claimed.add(word);
    }
    const reference = referenceColumn(columns, cells);
    for (const [name, span] of cells) {
      located.set(name, [...(located.get(name) ?? []), span]);
      if (reference) offsets.set(name, [...(offsets.get(name) ?? []), span.box.y - cells.get(reference)!.box.y]);
    }
    if (reference) references.set(reference, (references.get(reference) ?? 0) + 1);
    rowLines.push(...[...cells.values()].filter((span) => sameRow(span.box, anchor.box)));
  }
  if (page === null) return null;
  const learnt: ColumnEvidence[] = [];
  let top = Infinity;
  for (const column of columns) {
    const spans = located.get(column.name) ?? [];
    if (spans.length === 0) continue;
    const centres = spans.map((span) => span.box.x + span.box.w / 2).sort((a, b) => a - b);
    const median = centres[Math.floor(centres.length / 2)]!;
    const band = spans.filter((span) => Math.abs(span.box.x + span.box.w / 2 - median) <= BAND_TOLERANCE);
    const x0 = Math.min(...band.map((span) => span.box.x));
    const x1 = Math.max(...band.map((span) => span.box.x + span.box.w));
    const firstY = Math.min(...band.map((span) => span.box.y));
    top = Math.min(top, firstY);
    const dys = (offsets.get(column.name) ?? []).sort((a, b) => a - b);
    learnt.push({ name: column.name, type: column.type, x0, x1, header: [], ...(dys.length > 0 ? { dy: dys[Math.floor(dys.length / 2)]! } : {}) });
  }
  const pageWords = layout.pages.find((candidate) => candidate.n === page)!.words;
  for (const column of learnt) column.header = headerWords(pageWords, column, top);
  const reference = [...references.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const constants = unprintedConstants(columns, rows, located);
  const footer = footerBelow(pageWords, rowLines);
  // A value no row prints has no band: where one of its few printings was found is not its column.
  const banded = learnt.filter((column) => !constants || !(column.name in constants));
  return banded.length > 0 ? { page, columns: banded, rowCount: rows.length, headerY: Number.isFinite(top) ? top : null, ...(reference ? { reference } : {}), ...(constants ? { constants } : {}), ...(footer ? { footer } : {}) } : null;
}

const isFigure = (type: FieldDefinition["type"]) => type === "number" || type === "currency";

/**
 * One printed figure standing for two columns: the reviewer filled a unit price with the row's amount (its quantity
 * being 1) and the row prints it once. The column shares the cell of the other figure column of the same value.
 */
function twinFigure(columns: FieldDefinition[], row: TableRow, column: FieldDefinition, cells: Map<string, Span>): Span | undefined {
  if (!isFigure(column.type)) return undefined;
  const wanted = Number(row[column.name]);
  if (!Number.isFinite(wanted)) return undefined;
  const twin = columns.find((other) => other.name !== column.name && isFigure(other.type) && cells.has(other.name) && Math.abs(Number(row[other.name]) - wanted) < 0.005);
  return twin ? cells.get(twin.name) : undefined;
}

/** How far (in line heights) under the last row the line that closes the table may be printed. */
const FOOTER_REACH = 2;

/** The line printed right under the table's last row (the rows' own lines, not cells claimed from lines around them): its letter words and the right edge of its last figure. */
function footerBelow(words: LayoutWord[], spans: Span[]): TableFooter | null {
  if (spans.length === 0) return null;
  const bottom = Math.max(...spans.map((span) => span.box.y + span.box.h));
  const height = Math.max(...spans.map((span) => span.box.h / span.lines));
  const below = words.filter((word) => word.y >= bottom - 0.25 * height && word.y - bottom <= FOOTER_REACH * height).sort((a, b) => a.y - b.y);
  const first = below[0];
  if (!first) return null;
  const line = below.filter((word) => sameRow(word, first));
  const letters = [...new Set(line.filter((word) => isStableWord(word.t)).map((word) => normalise(word.t)))];
  if (letters.length === 0) return null;
  const figure = line.filter((word) => /\d/.test(word.t) && parseAmount(word.t) !== null).sort((a, b) => b.x + b.w - (a.x + a.w))[0];
  return { words: letters.slice(0, 6), figureRight: figure ? figure.x + figure.w : null };
}

/** A convention needs this many rows that show it. */
const MIN_CONSTANT_ROWS = 2;

/**
 * Columns the reviewer filled with one same value on every row although the rows do not print it (found on at
 * most half of them): the quantity of 1 of an insurance premium, the tax rate stated once under the table. A
 * later document of the sender gets the value where neither the engine nor the taught band read anything.
 */
function unprintedConstants(columns: FieldDefinition[], rows: TableRow[], located: Map<string, Span[]>): Record<string, Scalar> | null {
  if (rows.length < MIN_CONSTANT_ROWS) return null;
  const constants: Record<string, Scalar> = {};
  for (const column of columns) {
    if (column.type !== "number" && column.type !== "currency" && column.type !== "select") continue;
    const values = rows.map((row) => row[column.name]);
    const first = values[0];
    if (first === null || first === undefined || first === "" || !values.every((value) => value === first)) continue;
    if ((located.get(column.name)?.length ?? 0) > rows.length / 2) continue;
    constants[column.name] = first;
  }
  return Object.keys(constants).length > 0 ? constants : null;
}

/** The row's rightmost figure: it stands on the row's first line in nearly every layout. */
function referenceColumn(columns: FieldDefinition[], cells: Map<string, Span>): string | null {
  const figures = columns.filter((column) => (column.type === "number" || column.type === "currency") && cells.has(column.name));
  return figures.sort((a, b) => cells.get(b.name)!.box.x - cells.get(a.name)!.box.x)[0]?.name ?? null;
}

/** The cell that finds its row: the longest text value (a description), else the longest value of any kind. */
function rowKey(columns: FieldDefinition[], row: TableRow): FieldDefinition | null {
  const present = columns.filter((column) => row[column.name] !== null && row[column.name] !== undefined && String(row[column.name]).trim().length >= 3);
  const texts = present.filter((column) => column.type === "text");
  const pool = texts.length > 0 ? texts : present;
  return pool.sort((a, b) => String(row[b.name]).length - String(row[a.name]).length)[0] ?? null;
}

/** Letter words printed over a column band in the few lines above the table's first row: its header. */
function headerWords(words: LayoutWord[], band: { x0: number; x1: number }, firstY: number): string[] {
  const above = words.filter((word) => word.y < firstY - 0.001 && firstY - word.y < 0.05 && word.x < band.x1 && word.x + word.w > band.x0 && isStableWord(word.t));
  return [...new Set(above.map((word) => normalise(word.t)))].slice(0, 6);
}
