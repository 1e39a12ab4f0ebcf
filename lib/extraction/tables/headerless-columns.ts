import type { Word } from "../types";
import type { NumberCell, ParsedRow } from "./headerless-cells";

/** An item of a header-less run: its parsed first row and the description lines printed under it. */
export type RunItem = { parsed: ParsedRow; more: Word[] };

/** Cells of one item by column concept key ("description", "quantity", …). */
export type ItemCells = Map<string, Word[]>;

/** Two numbers are in the same column when their right edges, left edges or centres line up (page-width fraction). */
export const ALIGN_TOLERANCE = 0.015;

type Column = { x1: number; x2: number; cells: Array<NumberCell | undefined> };

export function aligned(a: { x1: number; x2: number }, b: { x1: number; x2: number }): boolean {
  return Math.abs(a.x2 - b.x2) < ALIGN_TOLERANCE || Math.abs(a.x1 - b.x1) < ALIGN_TOLERANCE || Math.abs(a.x1 + a.x2 - b.x1 - b.x2) / 2 < ALIGN_TOLERANCE;
}

function columnsOf(items: RunItem[]): Column[] {
  const columns: Column[] = [];
  items.forEach((item, i) => {
    for (const n of item.parsed.numbers) {
      const column = columns.find((c) => c.cells[i] === undefined && aligned(c, n));
      if (column) {
        column.cells[i] = n;
        continue;
      }
      const cells = new Array<NumberCell | undefined>(items.length).fill(undefined);
      cells[i] = n;
      columns.push({ x1: n.x1, x2: n.x2, cells });
    }
  });
  return columns.sort((a, b) => a.x1 - b.x1);
}

/** quantity × unit price (less a discount percent) = amount, within rounding. */
export function multiplies(q: number, p: number, a: number, discount = 0): boolean {
  return Math.abs(q * p * (1 - discount / 100) - a) <= 0.011 + 0.002 * Math.abs(a);
}

type Triple = { q: Column; p: Column; a: Column; d: Column | null; matches: number };

/** The (quantity, price, amount[, discount]) columns whose values multiply out on most rows. */
function arithmeticColumns(columns: Column[], count: number): Triple | null {
  const plain = columns.filter((c) => !c.cells.some((n) => n?.percent));
  const percents = columns.filter((c) => c.cells.some((n) => n?.percent));
  let best: (Triple & { score: number }) | null = null;
  for (const q of plain)
    for (const p of plain)
      for (const a of plain) {
        if (q === p || p === a || q === a) continue;
        for (const d of [null, ...percents]) {
          let matches = 0;
          let present = 0;
          for (let i = 0; i < count; i += 1) {
            const [qv, pv, av] = [q.cells[i]?.value, p.cells[i]?.value, a.cells[i]?.value];
            if (qv === undefined || pv === undefined || av === undefined) continue;
            present += 1;
            if (multiplies(qv, pv, av, d?.cells[i]?.value ?? 0)) matches += 1;
          }
          if (matches === 0 || matches * 2 < present) continue;
          // Layout preferences break ties (1 × 50,00 = 50,00 fits either way): amount rightmost, price left of it,
          // quantity in whole numbers, no discount unless it is needed.
          const integers = q.cells.every((n) => n === undefined || Number.isInteger(n.value));
          const score = matches * 10 + (a.x1 >= Math.max(...plain.map((c) => c.x1)) ? 3 : 0) + (p.x1 < a.x1 ? 1 : 0) + (integers ? 1 : 0) + (q.x1 < p.x1 ? 0.5 : 0) - (d ? 0.25 : 0);
          if (!best || score > best.score) best = { q, p, a, d, matches, score };
        }
      }
  return best;
}

/** Whether some row of the run multiplies out (quantity × price = amount). */
export function confirmedByArithmetic(items: RunItem[]): boolean {
  return arithmeticColumns(columnsOf(withLeadQuantity(items)), items.length) !== null;
}

/** A leading integer (not a rising 1, 2, 3 position) may be the quantity: "2 Widget 5,00 10,00". */
function withLeadQuantity(items: RunItem[]): RunItem[] {
  const leads = items.map((it) => it.parsed.lead.find((l) => l.integer !== null));
  if (leads.some((l) => l === undefined) || risingPositions(leads.map((l) => l!.integer!))) return items;
  return items.map((it, i) => {
    const words = leads[i]!.words;
    const box = words[0]!.box;
    const cell: NumberCell = { words, x1: box.x, x2: box.x + box.w, value: leads[i]!.integer!, decimals: false, percent: false, unit: [] };
    return { ...it, parsed: { ...it.parsed, numbers: [cell, ...it.parsed.numbers], lead: it.parsed.lead.filter((l) => l !== leads[i]) } };
  });
}

function risingPositions(values: number[]): boolean {
  return values.every((v, i) => v >= 1 && (i === 0 || v > values[i - 1]!)) && (values.length > 1 || values[0] === 1);
}

/**
 * Gives each number column a meaning: arithmetic first (the column equal to the product of two others is the amount),
 * then by type and place (percent → tax rate, rightmost money → amount, money left of it → unit price, whole
 * numbers → quantity); a rising leading integer is the position, a leading code the item code.
 */
export function assignColumns(runItems: RunItem[]): ItemCells[] {
  const items = withLeadQuantity(runItems);
  const columns = columnsOf(items);
  const keyOf = new Map<Column, string>();
  const triple = arithmeticColumns(columns, items.length);
  if (triple) {
    keyOf.set(triple.q, "quantity").set(triple.p, "unit_price").set(triple.a, "amount");
    if (triple.d) keyOf.set(triple.d, "discount_percent");
  } else {
    const money = columns.filter((c) => !c.cells.some((n) => n?.percent) && c.cells.some((n) => n?.decimals));
    const amount = money[money.length - 1];
    const price = money[money.length - 2];
    if (amount) keyOf.set(amount, "amount");
    if (price) keyOf.set(price, "unit_price");
    const limit = (price ?? amount)?.x1 ?? Infinity;
    const quantity = columns.filter((c) => !keyOf.has(c) && c.x2 <= limit && c.cells.every((n) => n === undefined || (!n.percent && n.value >= 0 && n.value < 100000)));
    const q = quantity[quantity.length - 1];
    if (q) keyOf.set(q, "quantity");
  }
  const rate = columns.find((c) => !keyOf.has(c) && c.cells.some((n) => n?.percent) && c.cells.every((n) => n === undefined || (n.value >= 0 && n.value <= 30)));
  if (rate) keyOf.set(rate, "tax_rate");
  const positions = items.map((it) => it.parsed.lead.find((l) => l.integer !== null)?.integer);
  const hasPositions = positions.every((p) => p !== undefined) && risingPositions(positions as number[]);
  return items.map((item, i) => {
    const cells: ItemCells = new Map();
    for (const [column, key] of keyOf) {
      const cell = column.cells[i];
      if (!cell) continue;
      cells.set(key, cell.words.filter((w) => !cell.unit.includes(w)));
      if (key === "quantity" && cell.unit.length > 0) cells.set("unit", cell.unit);
    }
    for (const lead of item.parsed.lead) {
      if (lead.integer !== null && hasPositions) cells.set("position", lead.words);
      else if (lead.integer === null) cells.set("item_code", lead.words);
    }
    const description = [...item.parsed.description, ...item.more];
    if (description.length > 0) cells.set("description", description);
    return cells;
  });
}
