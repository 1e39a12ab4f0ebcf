import type { TypedColumn } from "./column-typing";
import { startsWithTotalsLabel } from "./row-rules";
import type { Row } from "./word-rows";

/**
 * Headings centred over wide columns whose cells are left-aligned (an HTML table's centred headings over its plain
 * cells: "ProduktNr" centred, its numbers at the column's left edge far left of it; "Name" centred, the names starting
 * well left of it). An edge guessed from the headings then runs through the next column's cells. The rows under the
 * header say where each column starts: when every item row looked at starts a cell at one same place between two
 * headings (after the left one ends, before the right one starts), of the right column's type (a number under a
 * number column beside a text column; words under a text one, or anything where the text lines between the items start too: a
 * description printed around its numbers whose number line starts "15.6 W11H"), and the edge lies right of that
 * place, the edge moves to just before it.
 */

const NUMBER_KEYS = new Set(["quantity", "unit_price", "amount", "tax_rate", "discount_percent"]);
const NUMBER_WORD = /^[-(]?[$€£]?\d[\d.,']*%?\)?$/;
/** Item rows looked at under the header, and how many must agree. */
const ROWS_LOOKED_AT = 8;
const MIN_ROWS = 2;
/** Cell starts one place within this share of a line's height (print rounds positions to a point or less). */
const SAME_PLACE = 0.3;
/**
 * A cell starts a column gap after the word before it: a line's height at least, as a word space in a text layer of
 * estimated glyph widths comes out at up to half a line ("Widget model 7": the "7" starts no cell).
 */
const CELL_GAP = 1.0;
/** The place lies clearly between the two headings, by this share of a line's height. */
const HEADING_MARGIN = 0.6;

/** Where each item row starts a cell: its first word and each word a column gap after the one before it. */
function cellStarts(row: Row): Array<{ x: number; text: string }> {
  return row.words.filter((w, k) => {
    const before = row.words[k - 1];
    return !before || w.box.x - (before.box.x + before.box.w) > CELL_GAP * row.h;
  }).map((w) => ({ x: w.box.x, text: w.text }));
}

/** Moves an edge that runs through the left-aligned cells of the column right of it to just before them; in place. */
export function settleCentredHeadings(columns: TypedColumn[], edges: number[], rows: Row[]): void {
  const itemRows: Row[] = [];
  // Where text lines between the items start (a description's lines printed around its numbers).
  const textStarts: number[] = [];
  for (const r of rows.slice(0, ROWS_LOOKED_AT)) {
    if (startsWithTotalsLabel(r.words)) break;
    if (/\p{L}/u.test(r.words[0]?.text ?? "") && !r.words.some((w) => NUMBER_WORD.test(w.text))) textStarts.push(r.words[0]!.box.x);
    // Item rows carry two numbers at least (a quantity and an amount) in cells of their own; text lines between them
    // (wrapped descriptions) and a totals line of one sum say nothing of where cells start.
    if (r.words.filter((w) => NUMBER_WORD.test(w.text)).length >= 2 && cellStarts(r).length >= 3) itemRows.push(r);
  }
  if (itemRows.length < MIN_ROWS) return;
  const starts = itemRows.map(cellStarts);
  for (let i = 0; i + 1 < columns.length; i += 1) {
    const left = columns[i]!;
    const right = columns[i + 1]!;
    const h = itemRows[0]!.h;
    const numeric = NUMBER_KEYS.has(right.key);
    // Numbers standing past a number heading are that column's own, right-aligned beyond a narrow heading ("Qty"):
    // only a text column's neighbour is sure to start its cells where they are printed (settleNumberBands takes the rest).
    if (numeric && NUMBER_KEYS.has(left.key)) continue;
    const near = (a: number, b: number) => Math.abs(a - b) <= SAME_PLACE * h;
    // A text column's cell may start with a number ("15.6 W11H …") where its text lines start too.
    const fits = (o: { x: number; text: string }) => (numeric ? NUMBER_WORD.test(o.text) : /\p{L}/u.test(o.text) || textStarts.some((x) => near(x, o.x)));
    const between = (x: number) => x > left.x2 + HEADING_MARGIN * h && x < right.x1 - HEADING_MARGIN * h;
    const first = starts[0]!.filter((s) => between(s.x) && fits(s));
    const place = first.find((s) => starts.every((row) => row.some((o) => near(o.x, s.x) && fits(o))));
    if (!place) continue;
    const at = place.x - SAME_PLACE * h;
    if (at < edges[i]! && at > (edges[i - 1] ?? -Infinity)) edges[i] = at;
  }
}
