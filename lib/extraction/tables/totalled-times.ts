import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import type { Word } from "../types";
import type { ItemCells } from "./headerless-columns";
import { isTotalsOrTaxRow } from "./headerless-cells";
import { timesItem } from "./times-items";
import type { Row } from "./word-rows";

/**
 * Times-sign lines the stricter reader (`times-items.ts`) leaves, because a line stands alone ("1 x Crema corpo
 * € 6,10") or prints whole amounts with the currency after them ("2 x Classic Beef Burger - 550 PKR"), are items when
 * the first amount printed under them is their sum: the values summed as they are (line amounts) or times their
 * counts (unit prices). A text line without figures right under an item line is that item's note ("Removals: Tomato,
 * Onion"). Without that sum nothing is read: one times sign in a sentence is no list.
 */

/** Lines of a list follow one another within this many line heights. */
const LINE_GAP = 1.8;
/** The total stands within this many line heights under the list's last line. */
const TOTAL_GAP = 4;
/** Separators and currency words printed between an item's name and its value ("- 550 PKR", "€ 6,10"). */
const TRAILING = /^(?:[-–—=:]|\p{Sc}|[A-Z]{3}|RM|Rs\.?)$/u;

type Item = { description: Word[]; quantity: Word[]; value: Word[] };

/** "2 x Classic Beef Burger - 550 PKR": the line read with the currency word after its value set aside. */
function looseTimesItem(words: Word[], hint: DecimalSeparator | undefined): Item | null {
  let end = words.length;
  while (end > 0 && TRAILING.test(words[end - 1]!.text)) end -= 1;
  const body = words.slice(0, end);
  const last = body.at(-1);
  if (!last) return null;
  // The separator or currency before the value ("Burger - 550") is no part of the name.
  const shaped = [...body.slice(0, -1).filter((w, k, ws) => !(k === ws.length - 1 && TRAILING.test(w.text))), last];
  const found = timesItem(shaped, hint, true);
  if (!found) return null;
  return { description: found.description, quantity: found.quantity, value: [last] };
}

const valueOf = (ws: Word[], hint: DecimalSeparator | undefined): number | null => findAmounts(ws.map((w) => w.text).join(" "), hint).at(-1)?.value ?? null;
const near = (a: number, b: number) => Math.abs(a - b) <= 0.011 + 0.001 * Math.abs(b);

/** Runs of times lines confirmed by the amount printed under them, as header-less items' cells. */
export function findTotalledTimesItems(rows: Row[], hint: DecimalSeparator | undefined): ItemCells[] {
  const out: ItemCells[] = [];
  let run: Array<{ item: Item; bottom: number; h: number }> = [];
  for (const row of rows) {
    const last = run.at(-1);
    const item = isTotalsOrTaxRow(row, row.words) ? null : looseTimesItem(row.words, hint);
    if (item && (!last || row.top - last.bottom < last.h * LINE_GAP)) {
      run.push({ item, bottom: row.bottom, h: row.h });
      continue;
    }
    const text = row.words.map((w) => w.text).join(" ");
    if (last && !/\d/.test(text) && /\p{L}{2}/u.test(text) && row.top - last.bottom < last.h * LINE_GAP) {
      last.item.description = [...last.item.description, ...row.words];
      last.bottom = row.bottom;
      continue;
    }
    if (last && row.top - last.bottom < last.h * TOTAL_GAP && /\p{L}{2}/u.test(text)) {
      const total = valueOf(row.words, hint);
      const items = run.map((r) => r.item);
      const values = items.map((it) => valueOf(it.value, hint) ?? NaN);
      const counts = items.map((it) => Number(it.quantity[0]?.text ?? NaN));
      const asAmounts = values.reduce((s, v) => s + v, 0);
      const asPrices = values.reduce((s, v, k) => s + v * counts[k]!, 0);
      if (total !== null && (near(asAmounts, total) || near(asPrices, total))) {
        const key = near(asAmounts, total) ? "amount" : "unit_price";
        for (const it of items) out.push(new Map([["description", it.description], ["quantity", it.quantity], [key, it.value]]));
        return out;
      }
    }
    run = item ? [{ item, bottom: row.bottom, h: row.h }] : [];
  }
  return out;
}
