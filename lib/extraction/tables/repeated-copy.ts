import type { TableRow } from "../types";

/**
 * How many of a document's line items to keep when the file prints the invoice twice (an original and its copy,
 * "ORYGINAŁ" / "KOPIA", "Original" / "Duplicate"): the items read are one list repeated, value for value, and the
 * repetition starts on a later page than the first list ends, or on the same page under a header of its own (a copy
 * printed on the sheet's lower half: a table that ended at its totals, then the same table again). Otherwise every
 * item is kept: the same item twice in one table is two lines bought.
 */
export function itemsBeforeRepeatedCopy(rows: TableRow[], pages: number[], tables: number[] = []): number {
  const half = rows.length / 2;
  if (!Number.isInteger(half) || half < 1) return rows.length;
  const laterPage = (pages[half] ?? 0) > (pages[half - 1] ?? 0);
  const ownTable = tables[half] !== undefined && tables[half] !== tables[half - 1];
  if (!laterPage && !ownTable) return rows.length;
  for (let k = 0; k < half; k += 1) if (JSON.stringify(rows[k]) !== JSON.stringify(rows[half + k])) return rows.length;
  return half;
}
