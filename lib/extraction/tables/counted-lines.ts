import type { Word } from "../types";
import type { ItemCells } from "./headerless-columns";
import { isTotalsOrTaxRow } from "./headerless-cells";
import type { Row } from "./word-rows";

/**
 * A delivery list without money: each line an item's name, a spaced dash and its count ("Case - Camo - 1", "Hank Rub
 * - 4"). Nothing is priced, so only the shape vouches for the lines: at least three of them one under the other, from
 * one left edge, none with a decimal number or a totals word. A lone "Page - 1", an address's "Block - 12" or a
 * "Delivery - 2" note in running text are one or two lines and stay out.
 */

/** Lines of a list read at least: two could be a note and its continuation. */
const MIN_LINES = 3;
/** Lines of one list follow one another within this many line heights (top to top less the height). */
const LINE_GAP = 1.8;
/** Lines start from one left edge within this share of the page's width. */
const LEFT_TOLERANCE = 0.015;

const COUNT = /^\d{1,4}$/;
const DASH = /^[-–—]$/;

/** The name and count of a line "name - count", or null. */
export function countedLine(words: Word[]): { description: Word[]; quantity: Word[] } | null {
  const n = words.length;
  if (n < 3 || !COUNT.test(words[n - 1]!.text) || !DASH.test(words[n - 2]!.text)) return null;
  const description = words.slice(0, n - 2);
  if (!description.some((w) => /\p{L}{2}/u.test(w.text)) || DASH.test(description.at(-1)!.text)) return null;
  // A decimal number anywhere (a price, a date's parts) makes it some other line.
  if (description.some((w) => /\d[.,:/]\d/.test(w.text))) return null;
  return { description, quantity: [words[n - 1]!] };
}

/** Runs of at least three "name - count" lines of a page, as header-less items' cells. */
export function findCountedLines(rows: Row[]): ItemCells[] {
  const out: ItemCells[] = [];
  let run: Array<{ row: Row; item: { description: Word[]; quantity: Word[] } }> = [];
  const close = () => {
    if (run.length >= MIN_LINES) for (const { item } of run) out.push(new Map([["description", item.description], ["quantity", item.quantity]]));
    run = [];
  };
  for (const row of rows) {
    const item = isTotalsOrTaxRow(row, row.words) ? null : countedLine(row.words);
    const last = run.at(-1);
    const follows = last !== undefined && row.top - last.row.bottom < last.row.h * LINE_GAP && Math.abs(row.words[0]!.box.x - run[0]!.row.words[0]!.box.x) <= LEFT_TOLERANCE;
    if (item && !follows) close();
    if (item) run.push({ row, item });
    else close();
  }
  close();
  return out;
}
