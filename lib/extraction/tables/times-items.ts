import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import type { Word } from "../types";
import type { ItemCells } from "./headerless-columns";
import { isTotalsOrTaxRow } from "./headerless-cells";
import type { Row } from "./word-rows";

/**
 * Receipt lines that print an item's count with a times sign in running text instead of columns: "Rice x 1 = 50.00",
 * "Espresso x2 7.00", "2 x Espresso 7.00". The amount is the line's last word and has cents; the count a whole number
 * next to the sign; the description the words on the sign's other side. Such lines count only when at least two
 * follow one another (a lone "2 x 3 = 6.00" in a note is no table), none of them a totals or tax line. A line may print
 * the unit price before the sign ("coca cola 3000 x6 =18000"): then price × count = amount, with or without cents.
 */

const TIMES = /^[x×]$/i;
const TIMES_COUNT = /^[x×](\d{1,4})$/i;
const COUNT_TIMES = /^(\d{1,4})[x×]$/i;
const COUNT = /^\d{1,4}$/;
const SKIP = /^[=@:]$/;
/** A currency sign or code printed as a word of its own before the amount. */
const CURRENCY = /^(?:[€$£¥₹₫]|[A-Z]{3})$/;

type TimesItem = { description: Word[]; quantity: Word[]; amount: Word[]; unitPrice?: Word[] };

/** A whole number or one with decimals, with an "=" glued before it ("=18000"). */
const PRICED = /^=?\d[\d.,']*$/;
const bare = (word: Word): Word => ({ ...word, text: word.text.replace(/^=/, "") });

/**
 * "coca cola 3000 x6 =18000": a description, its unit price, a times sign with the count and the line's amount. The
 * amount needs no cents here: the price times the count must make it, which no note or date does by chance.
 */
function pricedTimesItem(words: Word[], hint: DecimalSeparator | undefined): TimesItem | null {
  const parts = words.filter((w) => !SKIP.test(w.text));
  const n = parts.length;
  if (n < 4) return null;
  const amount = bare(parts[n - 1]!);
  if (!PRICED.test(parts[n - 1]!.text)) return null;
  const glued = TIMES_COUNT.test(parts[n - 2]!.text);
  const spaced = n >= 5 && TIMES.test(parts[n - 3]!.text) && COUNT.test(parts[n - 2]!.text);
  if (!glued && !spaced) return null;
  const count = glued ? digitsOf(parts[n - 2]!) : parts[n - 2]!;
  const priceAt = glued ? n - 3 : n - 4;
  const price = parts[priceAt]!;
  const description = parts.slice(0, priceAt);
  if (!/^\d[\d.,']*$/.test(price.text) || !description.some((w) => /\p{L}{2}/u.test(w.text))) return null;
  const value = (w: Word) => findAmounts(w.text, hint).at(-1)?.value;
  const [p, q, a] = [value(price), Number(count.text), value(amount)];
  if (p === undefined || a === undefined || q <= 0 || Math.abs(p * q - a) > 0.005 * Math.max(1, Math.abs(a))) return null;
  return { description, quantity: [count], amount: [amount], unitPrice: [price] };
}

function hasCents(text: string, hint: DecimalSeparator | undefined): boolean {
  const amounts = findAmounts(text, hint);
  return amounts.length === 1 && amounts[0]!.hasDecimals && /^[^\p{L}]*\d[\d.,']*[^\p{L}\d]*$/u.test(text);
}

/** "x2" counts 2: the word's digits, in its place. */
const digitsOf = (word: Word): Word => ({ ...word, text: word.text.replace(/\D/g, "") });

/**
 * The item a line prints as "description x count [=] amount" or "count x description amount", or null. The amount
 * has cents unless `wholeAmounts` (a caller that checks the amounts against a total) lets whole numbers count.
 */
export function timesItem(words: Word[], hint: DecimalSeparator | undefined, wholeAmounts = false): TimesItem | null {
  if (words.length < 3) return null;
  const priced = wholeAmounts ? null : pricedTimesItem(words, hint);
  if (priced) return priced;
  const last = words[words.length - 1]!;
  if (!hasCents(last.text, hint) && !(wholeAmounts && /^\d[\d.,']*$/.test(last.text))) return null;
  let end = words.length - 1;
  while (end > 0 && (SKIP.test(words[end - 1]!.text) || CURRENCY.test(words[end - 1]!.text))) end -= 1;
  const body = words.slice(0, end);
  const letters = (ws: Word[]) => ws.length > 0 && ws.some((w) => /\p{L}{2}/u.test(w.text));
  // "Rice x 1" / "Espresso x2": the count after the sign at the end of the body.
  const n = body.length;
  if (n >= 3 && TIMES.test(body[n - 2]!.text) && COUNT.test(body[n - 1]!.text) && letters(body.slice(0, n - 2))) return { description: body.slice(0, n - 2), quantity: [body[n - 1]!], amount: [last] };
  if (n >= 2 && TIMES_COUNT.test(body[n - 1]!.text) && letters(body.slice(0, n - 1))) return { description: body.slice(0, n - 1), quantity: [digitsOf(body[n - 1]!)], amount: [last] };
  // "2 x Espresso" / "2x Espresso": the count before the sign at the start.
  if (n >= 3 && COUNT.test(body[0]!.text) && TIMES.test(body[1]!.text) && letters(body.slice(2))) return { description: body.slice(2), quantity: [body[0]!], amount: [last] };
  if (n >= 2 && COUNT_TIMES.test(body[0]!.text) && letters(body.slice(1))) return { description: body.slice(1), quantity: [digitsOf(body[0]!)], amount: [last] };
  return null;
}

/** Runs of two or more consecutive "times" lines of a page, as header-less items' cells. */
export function findTimesItems(rows: Row[], hint: DecimalSeparator | undefined): ItemCells[] {
  const out: ItemCells[] = [];
  let run: TimesItem[] = [];
  const close = () => {
    if (run.length >= 2) for (const item of run) out.push(new Map([["description", item.description], ["quantity", item.quantity], ...(item.unitPrice ? [["unit_price", item.unitPrice] as [string, Word[]]] : []), ["amount", item.amount]]));
    run = [];
  };
  for (const row of rows) {
    const item = isTotalsOrTaxRow(row, row.words) ? null : timesItem(row.words, hint);
    if (item) run.push(item);
    else close();
  }
  close();
  return out;
}
