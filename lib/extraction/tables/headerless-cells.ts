import { normaliseToken, tokenise } from "../fields/text-tokens";
import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import type { Word } from "../types";
import { multiplies } from "./headerless-columns";
import { KEY_VALUE_LINE, NUMERIC_CELL, STOP_WORDS, startsWithTotalsLabel } from "./row-rules";

/** A visual row of words (the same shape as the header-based path's rows). */
export type TextRow = { words: Word[]; top: number; bottom: number; h: number };

/** A number printed in its own cell: value, whether it has decimals or a percent sign, and a unit word after it. */
export type NumberCell = { words: Word[]; x1: number; x2: number; value: number; decimals: boolean; percent: boolean; unit: Word[] };

/** A row read by its content alone: leading position/code cells, the description, then the numbers on its right. */
export type ParsedRow = {
  row: TextRow;
  lead: Array<{ words: Word[]; integer: number | null }>;
  description: Word[];
  numbers: NumberCell[];
};

/** Words further apart than this many word heights are in different cells (columns). */
const CELL_GAP = 0.8;
const DATE_OR_TIME = /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}:\d{2}/;
const UNIT_WORD = /^\p{L}{1,5}\.?$/u;
/** Units a count is printed with; any other short word after a leading count is an item's name. */
const UNIT_NAMES = new Set(["x", "st", "stk", "stck", "pc", "pcs", "pce", "ea", "each", "nr", "no", "un", "ud", "uds", "u", "unit", "units", "kg", "g", "l", "lt", "ltr", "m", "m2", "m3", "km", "h", "hr", "hrs", "std", "min", "d", "day", "days", "tag", "tage", "ore", "set", "sets", "box", "pack", "pkt", "pk", "kpl", "szt", "ks", "kom", "db", "psc", "шт", "штук", "м", "метр", "кг", "г", "л", "ч", "час", "ед", "компл", "уп", "усл"]);
const CODE_WORD = /^(?=.*\d)[\p{L}\d][\p{L}\d_./-]{3,}$/u;
/** Tax words anywhere in a row make it a tax line; the totals vocabulary of row-rules covers totals. */
const TAX_WORDS = /^(?:mwst|ust|vat|tax|taxes|tva|btw|iva|gst|sst|\p{L}*steuer|salestax)$/u;
/** First words of totals-block lines that the totals vocabulary does not list (payments, rounding, net/gross). */
const TOTALS_FIRST_WORDS = /^(?:incl|excl|inkl|exkl|zzgl|brutto|netto|net|gross|rounding|change|cash|tendered|payment|paid|balance|due)$/u;

function splitCells(words: Word[]): Word[][] {
  const cells: Word[][] = [];
  for (const word of words) {
    const current = cells[cells.length - 1];
    const prev = current?.[current.length - 1];
    if (current && prev && word.box.x - (prev.box.x + prev.box.w) <= CELL_GAP * Math.max(prev.box.h, word.box.h)) current.push(word);
    else cells.push([word]);
  }
  return cells;
}

const text = (words: Word[]) => words.map((w) => w.text).join(" ");

function numberCell(words: Word[], hint: DecimalSeparator | undefined): NumberCell | null {
  const t = text(words).trim();
  if (!NUMERIC_CELL.test(t) || DATE_OR_TIME.test(t)) return null;
  const amounts = findAmounts(t, hint);
  if (amounts.length !== 1) return null;
  const amount = amounts[0]!;
  // A short word after the number ("1 PCS", "10 Stk") is its unit.
  const unit = words.length > 1 && UNIT_WORD.test(words[words.length - 1]!.text) && !/%/.test(t) ? [words[words.length - 1]!] : [];
  const first = words[0]!.box;
  const last = words[words.length - 1]!.box;
  return { words, x1: first.x, x2: last.x + last.w, value: amount.value, decimals: amount.hasDecimals, percent: /%/.test(t), unit };
}

/**
 * Reads a row right to left: numeric cells (a lone unit cell may sit between them) form its numbers, the cells left
 * of them its description, and an integer or a code-like cell leading the description is a position or item code.
 */
export function parseRow(row: TextRow, hint: DecimalSeparator | undefined): ParsedRow {
  const cells = splitCells(row.words);
  const numbers: NumberCell[] = [];
  let k = cells.length - 1;
  for (; k >= 0; k -= 1) {
    const cell = cells[k]!;
    const num = numberCell(cell, hint);
    if (num) {
      numbers.unshift(num);
      continue;
    }
    // "1 | PCS | 49,99": a unit printed in a cell of its own belongs to the number on its left.
    const left = cells[k - 1];
    const leftNum = left ? numberCell(left, hint) : null;
    if (cell.length === 1 && UNIT_WORD.test(cell[0]!.text) && leftNum && numbers.length > 0) {
      leftNum.unit = cell;
      numbers.unshift(leftNum);
      k -= 1;
      continue;
    }
    break;
  }
  const rest = cells.slice(0, k + 1);
  // "шт. | 15.000000 | 357 142.86": a unit column printed before the quantity; the unit word is no description.
  const before = rest[rest.length - 1];
  if (before && rest.length >= 2 && before.length === 1 && numbers.length >= 2 && numbers[0]!.unit.length === 0 && UNIT_NAMES.has(normaliseToken(before[0]!.text))) {
    numbers[0] = { ...numbers[0]!, unit: before };
    rest.pop();
  }
  const lead: ParsedRow["lead"] = [];
  // "1 Sugar 550.00 550.00": a row of numbers only whose first is a count followed by a short word has no unit there
  // but a leading quantity and a short description (a unit needs something it counts).
  const first = numbers[0];
  const count = first?.words.filter((w) => !first.unit.includes(w)) ?? [];
  if (rest.length === 0 && numbers.length >= 3 && first && first.unit.length === 1 && count.length === 1 && /^\d{1,4}$/.test(count[0]!.text) && !UNIT_NAMES.has(normaliseToken(first.unit[0]!.text))) {
    numbers.shift();
    return { row, lead: [{ words: count, integer: Number(count[0]!.text) }], description: first.unit, numbers };
  }
  while (rest.length > 1 && lead.length < 2) {
    const cell = rest[0]!;
    const t = text(cell).trim();
    const integer = /^\d{1,4}\.?$/.test(t) ? Number(t.replace(".", "")) : null;
    if (integer === null && !(cell.length === 1 && CODE_WORD.test(t))) break;
    lead.push({ words: cell, integer });
    rest.shift();
  }
  return { row, lead, description: rest.flat(), numbers };
}

/** The row names a total, a tax or a payment (a receipt's or an invoice's totals block), never an item. */
export function isTotalsOrTaxRow(row: TextRow, description: Word[]): boolean {
  const first = normaliseToken(row.words[0]?.text ?? "");
  const descFirst = normaliseToken(description[0]?.text ?? "");
  if ([first, descFirst].some((t) => STOP_WORDS.has(t) || TOTALS_FIRST_WORDS.test(t))) return true;
  if (startsWithTotalsLabel(row.words) || startsWithTotalsLabel(description)) return true;
  return tokenise(text(description)).some((t) => TAX_WORDS.test(t));
}

/** A description worth the name: a word of two letters or more, and not a "Label: value" note. */
export function hasDescription(parsed: ParsedRow): boolean {
  const t = text(parsed.description);
  return /\p{L}{2}/u.test(t) && !KEY_VALUE_LINE.test(t);
}

/**
 * A percentage of one amount equals another (19 % of 100,00 = 19,00): a tax summary line, not an item, unless three
 * of its other numbers multiply out (quantity × price = amount): an item printed with its rate and tax.
 */
export function looksLikeTaxLine(numbers: NumberCell[]): boolean {
  const rates = numbers.filter((n) => n.percent);
  const amounts = numbers.filter((n) => !n.percent);
  const itemArithmetic = amounts.some((q) => amounts.some((p) => p !== q && amounts.some((a) => a !== p && a !== q && q.value !== 0 && p.value !== 0 && multiplies(q.value, p.value, a.value))));
  return !itemArithmetic && rates.some((r) => amounts.some((b) => amounts.some((t) => t !== b && b.value !== 0 && Math.abs((b.value * r.value) / 100 - t.value) <= 0.011)));
}
