import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import { COLUMN_CONCEPTS } from "../fields/column-concepts";
import { tokenise } from "../fields/text-tokens";
import type { Word } from "../types";
import type { ItemCells } from "./headerless-columns";
import { lineIsConsistent } from "./row-arithmetic";
import { KEY_VALUE_LINE } from "./row-rules";
import type { Row } from "./word-rows";

/**
 * Items printed as labelled values instead of columns ("Qty: 10  Unit Price: $22.00  Amount: $220.00"), their
 * description before the first label on the same line, as its own labelled value ("Item: Desk lamp"), or on the text
 * line(s) right above. The labels are the column vocabulary's; the values are whatever follows each colon.
 */

/** How many words a label spans at most ("Unit Price Excl:"). */
const MAX_LABEL_WORDS = 3;
/** Description lines above a line of values stand within this many line heights of each other. */
const DESCRIPTION_GAP = 1.8;
/** Lines of description above a line of values read at most. */
const MAX_DESCRIPTION_LINES = 3;

const LABEL_KEY = new Map<string, string>();
for (const concept of COLUMN_CONCEPTS) {
  for (const label of concept.labels) {
    const key = tokenise(label).join(" ");
    // A label two concepts share ("total" is never a quantity) keeps the first concept's meaning.
    if (key !== "" && !LABEL_KEY.has(key)) LABEL_KEY.set(key, concept.key);
  }
}
const NUMERIC = new Set(COLUMN_CONCEPTS.filter((c) => c.kind !== "text").map((c) => c.key));

type Labelled = { key: string; label: Word[]; value: Word[] };
type LabelValueLine = { lead: Word[]; pairs: Labelled[] };

/** The labelled values of a printed line, and the words before its first label. */
export function labelledValues(words: Word[]): LabelValueLine {
  const labels: Array<{ key: string; start: number; colon: number }> = [];
  for (let c = 0; c < words.length; c += 1) {
    const text = words[c]!.text;
    const bareColon = text === ":";
    if (!text.endsWith(":")) continue;
    const end = bareColon ? c - 1 : c;
    const floor = labels.length > 0 ? labels[labels.length - 1]!.colon + 2 : 0;
    for (let k = Math.min(MAX_LABEL_WORDS, end + 1 - floor); k >= 1; k -= 1) {
      const key = LABEL_KEY.get(tokenise(words.slice(end - k + 1, c + 1).map((w) => w.text).join(" ")).join(" "));
      if (key) {
        labels.push({ key, start: end - k + 1, colon: c });
        break;
      }
    }
  }
  const pairs = labels.map((l, i) => ({ key: l.key, label: words.slice(l.start, l.colon + 1), value: words.slice(l.colon + 1, labels[i + 1]?.start ?? words.length) }));
  return { lead: words.slice(0, labels[0]?.start ?? words.length), pairs };
}

const text = (ws: Word[]) => ws.map((w) => w.text).join(" ");

/** The number of a labelled value, when it is one and nothing else ("$22.00", "10", "19 %"). */
function numberOf(ws: Word[], hint: DecimalSeparator | undefined): { value: number; decimals: boolean } | null {
  const raw = text(ws).trim();
  const found = findAmounts(raw, hint);
  if (found.length !== 1 || /\p{L}{4,}/u.test(raw)) return null;
  return { value: found[0]!.value, decimals: found[0]!.hasDecimals };
}

/**
 * A line of an item's values: two or more numbers under distinct labels, a quantity or unit price among them and one
 * with decimals (money), no label twice. Totals blocks ("Subtotal: … Tax: … Total: …") name no quantity or price.
 */
function itemValues(line: LabelValueLine, hint: DecimalSeparator | undefined): Map<string, Word[]> | null {
  const numeric = line.pairs.filter((p) => NUMERIC.has(p.key));
  if (numeric.length < 2 || new Set(numeric.map((p) => p.key)).size !== numeric.length) return null;
  if (!numeric.some((p) => p.key === "quantity" || p.key === "unit_price")) return null;
  const numbers = numeric.map((p) => numberOf(p.value, hint));
  if (numbers.some((n) => n === null) || !numbers.some((n) => n!.decimals)) return null;
  return new Map(line.pairs.filter((p) => p.value.length > 0).map((p) => [p.key, p.value] as const));
}

const hasLetters = (ws: Word[]) => ws.some((w) => /\p{L}{2,}/u.test(w.text));

/** Quantity × price = amount, when all three are printed. */
function multipliesOut(cells: Map<string, Word[]>, hint: DecimalSeparator | undefined): boolean {
  const [q, p, a] = ["quantity", "unit_price", "amount"].map((k) => {
    const ws = cells.get(k);
    return ws ? numberOf(ws, hint)?.value : undefined;
  });
  return q !== undefined && p !== undefined && a !== undefined && lineIsConsistent(q, p, a);
}

/**
 * The label-value items of a page, top to bottom. Accepted when at least two lines of values name the same labels or
 * one multiplies out, so a lone "Qty: 1  Price: 5.00" in running text is no table.
 */
export function findLabelValueItems(printed: Row[], hint: DecimalSeparator | undefined): ItemCells[] {
  const rows = stackedValues(printed);
  const items: Array<{ cells: ItemCells; labels: string }> = [];
  let lastItemBottom = -Infinity;
  rows.forEach((row, index) => {
    const line = labelledValues(row.words);
    const values = itemValues(line, hint);
    if (!values) return;
    const cells: ItemCells = new Map(values);
    if (!cells.has("description") && hasLetters(line.lead)) cells.set("description", line.lead);
    if (!cells.has("description")) {
      const above = descriptionAbove(rows, index, lastItemBottom);
      for (const [key, ws] of above) if (!cells.has(key)) cells.set(key, ws);
    }
    lastItemBottom = row.bottom;
    if (cells.has("description")) items.push({ cells, labels: [...values.keys()].sort().join(",") });
  });
  const repeated = (labels: string) => items.filter((i) => i.labels === labels).length >= 2;
  return items.filter((i) => repeated(i.labels) || multipliesOut(i.cells, hint)).map((i) => i.cells);
}

/** Text lines right above a line of values, after the previous item: the item's description (or its labelled code and name). */
function descriptionAbove(rows: Row[], index: number, floor: number): ItemCells {
  const lines: Row[] = [];
  let below = rows[index]!;
  for (let k = index - 1; k >= 0 && lines.length < MAX_DESCRIPTION_LINES; k -= 1) {
    const r = rows[k]!;
    if (r.top < floor || below.top - r.bottom > r.h * DESCRIPTION_GAP) break;
    if (findAmounts(text(r.words)).some((a) => a.hasDecimals)) break;
    lines.unshift(r);
    below = r;
  }
  const cells: ItemCells = new Map();
  const plain: Word[] = [];
  for (const r of lines) {
    const line = labelledValues(r.words);
    if (line.pairs.length === 0) {
      // A labelled line of another kind ("Date: 1 March") is the document's header, not an item's text.
      if (KEY_VALUE_LINE.test(text(r.words))) {
        plain.length = 0;
        cells.clear();
        continue;
      }
      plain.push(...r.words);
      continue;
    }
    if (hasLetters(line.lead)) plain.push(...line.lead);
    for (const p of line.pairs) if (!NUMERIC.has(p.key) && p.value.length > 0 && !cells.has(p.key)) cells.set(p.key, p.value);
  }
  if (!cells.has("description") && hasLetters(plain)) cells.set("description", plain);
  return cells;
}

/**
 * An item's labelled values stacked one to a line ("Produit : 3amrouch" / "Quantité : 4" / "Montant : 570.66 TND") read
 * as one line of values: lines right under one another, each one label of the vocabulary and its value and nothing
 * before it, join while their labels differ; a label seen again starts the next item's line.
 */
export function stackedValues(rows: Row[]): Row[] {
  const out: Row[] = [];
  let keys = new Set<string>();
  let open = false;
  for (const row of rows) {
    const line = labelledValues(row.words);
    const single = line.pairs.length === 1 && line.lead.length === 0 && line.pairs[0]!.value.length > 0;
    const last = out.at(-1);
    const key = line.pairs[0]?.key ?? "";
    if (single && open && last && row.top - last.bottom < Math.min(row.h, last.h) * DESCRIPTION_GAP && !keys.has(key)) {
      out[out.length - 1] = { words: [...last.words, ...row.words], top: last.top, bottom: row.bottom, h: Math.max(last.h, row.h) };
      keys.add(key);
      continue;
    }
    out.push(row);
    open = single;
    keys = new Set(single ? [key] : []);
  }
  return out;
}
