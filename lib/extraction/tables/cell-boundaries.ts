import type { Word } from "../types";
import { findAmounts } from "../../normalise/amounts";
import type { TypedColumn } from "./column-typing";
import { lineIsConsistent } from "./row-arithmetic";

/**
 * A row's words are put in columns by edges guessed from the header alone (text columns run up to the next header,
 * numbers sit around theirs), so a word near an edge can land one column off: a description's last word in the
 * quantity column, a centred description's first word in the position column, a right-aligned quantity in the price
 * column or in the description beside it. Such a word is moved back by its type and its neighbours, never by its
 * position alone:
 *
 * - words without a digit in a numeric column, set a word space from the text column beside them (and a column gap
 *   from the cell's own number), continue that text ("… name description that" | "1"; "1      RO" | "Water Can 10L");
 * - a numeric cell holding two numbers a column gap apart, next to the quantity column left empty in that row, gives
 *   the quantity the number on its side ("6   $85.00" under "Unit Price" with "Qty" empty);
 * - a text cell of two phrases a column gap apart, next to a text column that is empty in that row or goes on a word
 *   space after the second phrase, gives that column the phrase ("1        Medialuna" | "salada" under "code" | "name");
 * - a lone number printed left of a left-aligned description's header, with the numeric column on that side empty,
 *   belongs to that column (a quantity right-aligned against the description);
 * - a description whose last word runs into the quantity and is printed glued to it ("… Espresso Maker1" | "159.99"
 *   | "159.99") gives the quantity its digits back when the row's arithmetic then holds (quantity × a price of the row
 *   = its amount).
 *
 * Changes `cells` in place.
 */

const NUMERIC_KINDS = new Set(["quantity", "unit_price", "amount", "tax_rate", "discount_percent", "position"]);
const TEXT_KINDS = new Set(["description", "item_code"]);
/** Two words of one phrase stand at most this many word heights apart; cells of neighbouring columns further. */
const PHRASE_GAP = 1.0;
const NUMBER = /^[-(]?(?:[€$£¥₹]|[A-Z]{3})?\s*-?\d[\d.,']*%?\)?$/u;
const LETTERS_ONLY = /^[\p{L}][\p{L}'’&.,:;()\-]*$/u;
/** A unit printed after a quantity: a short lower-case word ("unid", "pcs", "h", "kg", "Stk."). */
const UNIT = /^\p{L}\p{Ll}{0,4}\.?$/u;

const right = (w: Word) => w.box.x + w.box.w;
const byX = (a: Word, b: Word) => a.box.x - b.box.x;
const gap = (left: Word, next: Word) => next.box.x - right(left);
const height = (a: Word, b: Word) => Math.max(a.box.h, b.box.h);
const close = (left: Word, next: Word) => gap(left, next) < height(left, next) * PHRASE_GAP;

function moveText(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  columns.forEach((col, i) => {
    if (!NUMERIC_KINDS.has(col.key)) return;
    const words = [...(cells.get(col) ?? [])].sort(byX);
    if (words.length === 0) return;
    const before = columns[i - 1];
    const after = columns[i + 1];
    // Leading letter words that continue the text column on the left, a word space after its last word.
    const leftText = before && TEXT_KINDS.has(before.key) ? [...(cells.get(before) ?? [])].sort(byX) : [];
    let lead = 0;
    let prev = leftText[leftText.length - 1];
    while (prev && lead < words.length && LETTERS_ONLY.test(words[lead]!.text) && close(prev, words[lead]!)) {
      prev = words[lead]!;
      lead += 1;
    }
    // Trailing letter words, one phrase a word space before the text column on the right and a column gap after the
    // cell's number (a position "1", not a quantity's unit "40 h"), open that text.
    const rightText = after && TEXT_KINDS.has(after.key) ? [...(cells.get(after) ?? [])].sort(byX) : [];
    let from = words.length;
    while (from > lead && LETTERS_ONLY.test(words[from - 1]!.text) && (from === words.length || close(words[from - 1]!, words[from]!))) from -= 1;
    // A quantity's unit printed a word space after it keeps its place: the words after it open the text ("3 unid Stock
    // útiles" | "y papelería" under "Cantidad" | "Descripción" centred over a wide column).
    if (from < words.length - 1 && from === lead + 1 && col.key === "quantity" && NUMBER.test(words[lead]!.text) && UNIT.test(words[from]!.text)) from += 1;
    const run = words.slice(from);
    const afterUnit = from === lead + 2 && col.key === "quantity" && UNIT.test(words[from - 1]!.text);
    const opensRight =
      rightText.length > 0 && run.length > 0 && close(run[run.length - 1]!, rightText[0]!) && (from === lead || afterUnit || !close(words[from - 1]!, run[0]!));
    if (lead === 0 && !opensRight) return;
    if (lead > 0) cells.set(before!, [...leftText, ...words.slice(0, lead)]);
    if (opensRight) cells.set(after!, [...run, ...rightText]);
    const kept = words.slice(lead, opensRight ? from : words.length);
    if (kept.length > 0) cells.set(col, kept);
    else cells.delete(col);
  });
}

/** Groups of words a column gap apart. */
function groups(words: Word[]): Word[][] {
  const out: Word[][] = [];
  for (const w of words) {
    const last = out[out.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && close(prev, w)) last.push(w);
    else out.push([w]);
  }
  return out;
}

const isNumber = (ws: Word[]) => NUMBER.test(ws.map((w) => w.text).join(""));

function splitNumbers(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  columns.forEach((col, i) => {
    if (!NUMERIC_KINDS.has(col.key) || col.key === "position") return;
    const parts = groups([...(cells.get(col) ?? [])].sort(byX));
    if (parts.length !== 2 || !parts.every(isNumber)) return;
    const before = columns[i - 1];
    const after = columns[i + 1];
    // Only a quantity takes the number: quantities are the numbers printed right-aligned far from a narrow header; a
    // summary line's two amounts ("Steuerbasisbetrag 19 %   198,00   37,62") must not turn into a price and a total.
    const emptyNumeric = (c: TypedColumn | undefined) => c !== undefined && c.key === "quantity" && !cells.has(c);
    if (emptyNumeric(before)) {
      cells.set(before!, parts[0]!);
      cells.set(col, parts[1]!);
    } else if (emptyNumeric(after)) {
      cells.set(col, parts[0]!);
      cells.set(after!, parts[1]!);
    }
  });
}

function splitText(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  columns.forEach((col, i) => {
    const after = columns[i + 1];
    if (!TEXT_KINDS.has(col.key) || !after || !TEXT_KINDS.has(after.key) || after.field === null) return;
    const parts = groups([...(cells.get(col) ?? [])].sort(byX));
    const next = [...(cells.get(after) ?? [])].sort(byX);
    const moved = parts[1];
    if (parts.length !== 2 || !moved || (next.length > 0 && !close(moved[moved.length - 1]!, next[0]!))) return;
    cells.set(col, parts[0]!);
    cells.set(after, [...moved, ...next]);
  });
}

function numberBeforeText(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  columns.forEach((col, i) => {
    const before = columns[i - 1];
    if (col.key !== "description" || !before || !NUMERIC_KINDS.has(before.key) || cells.has(before)) return;
    const words = [...(cells.get(col) ?? [])].sort(byX);
    const [first, second] = words;
    if (!first || !second || !/^\d+(?:[.,]\d+)?$/.test(first.text)) return;
    // The description is left-aligned at its header, the number stands wholly left of it.
    const tolerance = first.box.h * 0.3;
    if (right(first) > col.x1 || Math.abs(second.box.x - col.x1) > tolerance) return;
    cells.set(before, [first]);
    cells.set(col, words.slice(1));
  });
}

/** A word of letters with a count glued to its end ("Maker1", "Kabel12"). */
const GLUED_COUNT = /^(\p{L}[\p{L}'’.\-]*\p{L})(\d{1,4})$/u;

const cellValue = (ws: Word[] | undefined): number | null => {
  const amounts = ws ? findAmounts(ws.map((w) => w.text).join(" ")) : [];
  return amounts[amounts.length - 1]?.value ?? null;
};

function splitGluedQuantity(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  const i = columns.findIndex((c) => c.key === "quantity");
  const col = columns[i];
  const before = columns[i - 1];
  if (!col || !before || before.key !== "description") return;
  const words = cells.get(col) ?? [];
  const word = words[0];
  const m = word && words.length === 1 ? GLUED_COUNT.exec(word.text) : null;
  const text = [...(cells.get(before) ?? [])].sort(byX);
  const last = text[text.length - 1];
  if (!m || !word || !last || !close(last, word)) return;
  const quantity = Number(m[2]);
  const amount = cellValue([...cells].find(([c]) => c.key === "amount")?.[1]);
  // The arithmetic vouches for the split: a description word ending in digits ("USB3") stays whole otherwise.
  const prices = [...cells].filter(([c]) => c.key === "unit_price" || c.key === "").map(([, ws]) => cellValue(ws));
  if (amount === null || quantity === 0 || !prices.some((p) => p !== null && p > 0 && lineIsConsistent(quantity, p, amount))) return;
  const share = m[1]!.length / word.text.length;
  const lettersW = word.box.w * share;
  cells.set(before, [...text, { ...word, text: m[1]!, box: { ...word.box, w: lettersW } }]);
  cells.set(col, [{ ...word, text: m[2]!, box: { ...word.box, x: word.box.x + lettersW, w: word.box.w - lettersW } }]);
}

export function settleCellBoundaries(columns: TypedColumn[], cells: Map<TypedColumn, Word[]>): void {
  moveText(columns, cells);
  splitGluedQuantity(columns, cells);
  splitNumbers(columns, cells);
  splitText(columns, cells);
  numberBeforeText(columns, cells);
}
