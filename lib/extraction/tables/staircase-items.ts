import type { Word } from "../types";
import type { HeaderColumn } from "./find-header";
import type { ItemCells } from "./headerless-columns";
import { NUMERIC_CELL, NUMERIC_KEYS } from "./row-rules";
import type { Row } from "./word-rows";

/**
 * A till print whose every cell stands on a line of its own, each a little right of the one above, the header too
 * ("Item" / "Qty" / "Price", then "Burger" / "1" / "$5.99"): a table too wide for the printer's lines, wrapped cell by
 * cell. The header is a staircase of two or more column labels (one a number's), one to a line, each line right of
 * the one before; the items repeat it, each cell under its own label (nearest to it of all the labels) and of its
 * type. Reading stops at the first line that breaks the pattern (a total, a note).
 */

/** Lines of one staircase follow one another within this many line heights. */
const LINE_GAP = 1.8;
/** Items follow one another (past rules of dashes) within this many line heights. */
const ITEM_GAP = 3;

const text = (ws: Word[]) => ws.map((w) => w.text).join(" ").trim();
const centre = (ws: Word[]) => (ws[0]!.box.x + ws.at(-1)!.box.x + ws.at(-1)!.box.w) / 2;
/** A rule of dashes or equals signs between the header and the items, or between items. */
const decoration = (r: Row) => !/[\p{L}\d]/u.test(text(r.words));

/** The column labels of a staircase header starting at row `start`, one per line, each right of the one above. */
function staircaseHeader(rows: Row[], start: number, columnsOf: (r: Row) => HeaderColumn[]): Array<{ key: string; centre: number }> {
  const labels: Array<{ key: string; centre: number; row: Row }> = [];
  for (let k = start; k < rows.length; k += 1) {
    const r = rows[k]!;
    const columns = columnsOf(r);
    const only = columns.length === 1 ? columns[0]! : null;
    const before = labels.at(-1);
    // The label is the whole line ("Qty"), of a known column, new to the header, and right of the label above.
    if (!only || only.key === "" || only.key.startsWith("field:") || tokensOf(only.label) !== tokensOf(text(r.words)) || labels.some((l) => l.key === only.key)) break;
    if (before && (r.words[0]!.box.x <= before.row.words[0]!.box.x || r.top - before.row.bottom > r.h * LINE_GAP)) break;
    labels.push({ key: only.key, centre: centre(r.words), row: r });
  }
  return labels.length >= 2 && labels.some((l) => NUMERIC_KEYS.has(l.key)) ? labels : [];
}

const tokensOf = (s: string) => s.toLowerCase().replace(/[^\p{L}\d]+/gu, " ").trim();

/** Whether a line's words fit the label at `index`: nearest to it of all the labels, and of its type. */
function fitsLabel(words: Word[], labels: Array<{ key: string; centre: number }>, index: number): boolean {
  const c = centre(words);
  const nearest = labels.reduce((best, l, k) => (Math.abs(l.centre - c) < Math.abs(labels[best]!.centre - c) ? k : best), 0);
  if (nearest !== index) return false;
  const key = labels[index]!.key;
  return NUMERIC_KEYS.has(key) ? NUMERIC_CELL.test(text(words)) : /\p{L}{2}/u.test(text(words));
}

/** The items under a staircase header of a page, as header-less items' cells (none when the page has no such header). */
export function findStaircaseItems(rows: Row[], columnsOf: (r: Row) => HeaderColumn[]): ItemCells[] {
  for (let start = 0; start < rows.length; start += 1) {
    const labels = staircaseHeader(rows, start, columnsOf);
    if (labels.length === 0) continue;
    const items: ItemCells[] = [];
    let k = start + labels.length;
    let lastBottom = rows[k - 1]!.bottom;
    for (;;) {
      while (k < rows.length && decoration(rows[k]!)) k += 1;
      const group = rows.slice(k, k + labels.length);
      if (group.length < labels.length || group[0]!.top - lastBottom > group[0]!.h * ITEM_GAP) break;
      const stepped = group.every((r, j) => j === 0 || r.top - group[j - 1]!.bottom < r.h * LINE_GAP);
      if (!stepped || !group.every((r, j) => fitsLabel(r.words, labels, j))) break;
      const cells: ItemCells = new Map(group.map((r, j) => [labels[j]!.key, r.words] as const));
      // A price in a table without a line-amount column: a line of one unit costs it (as under any header).
      const quantity = cells.get("quantity");
      const price = cells.get("unit_price");
      if (!cells.has("amount") && price && quantity && text(quantity) === "1") cells.set("amount", price);
      items.push(cells);
      lastBottom = group.at(-1)!.bottom;
      k += labels.length;
    }
    if (items.length > 0) return items;
  }
  return [];
}
