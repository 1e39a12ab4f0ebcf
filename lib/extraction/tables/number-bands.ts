import type { TypedColumn } from "./column-typing";
import type { Row } from "./word-rows";
import { startsWithTotalsLabel } from "./row-rules";

const NUMBER_KEYS = new Set(["quantity", "unit_price", "amount", "tax_rate", "discount_percent"]);
const NUMBER_WORD = /^[-(]?[$€£]?\d[\d.,']*%?\)?$/;
/** Item rows looked at under the header: enough to see where each column's numbers stand. */
const ROWS_LOOKED_AT = 8;

/**
 * Numbers printed right of their left-aligned headings ("QTY" over a right-aligned count ending near "UNIT PRICE"):
 * when the edge halfway between two number columns' headings cuts through numbers printed under them, it moves to the
 * middle of the widest empty gap between the numbers printed from the previous edge to the heading after next.
 * Changes `edges` in place.
 */
export function settleNumberBands(columns: TypedColumn[], edges: number[], rows: Row[]): void {
  const itemRows: Row[] = [];
  for (const r of rows.slice(0, ROWS_LOOKED_AT)) {
    if (startsWithTotalsLabel(r.words)) break;
    itemRows.push(r);
  }
  for (let i = 0; i + 1 < columns.length; i += 1) {
    if (!NUMBER_KEYS.has(columns[i]!.key) || !NUMBER_KEYS.has(columns[i + 1]!.key)) continue;
    const edge = edges[i]!;
    const from = edges[i - 1] ?? -Infinity;
    // Up to the heading after next: the next column's numbers may stand right of its own edge too.
    const to = columns[i + 2]?.x1 ?? Infinity;
    const spans = itemRows
      .flatMap((r) => r.words)
      .filter((w) => NUMBER_WORD.test(w.text) && w.box.x + w.box.w / 2 > from && w.box.x + w.box.w / 2 < to)
      .map((w) => [w.box.x, w.box.x + w.box.w] as const)
      .sort((a, b) => a[0] - b[0]);
    if (!spans.some(([x1, x2]) => x1 < edge && x2 > edge)) continue;
    let best: { gap: number; at: number } | null = null;
    let reach = spans[0]?.[1] ?? 0;
    for (const [x1, x2] of spans.slice(1)) {
      if (x1 > reach && (!best || x1 - reach > best.gap)) best = { gap: x1 - reach, at: (x1 + reach) / 2 };
      reach = Math.max(reach, x2);
    }
    // The new edge stays between the two headings' outer sides.
    if (best && best.at > columns[i]!.x1 && best.at < columns[i + 1]!.x2) edges[i] = best.at;
  }
}
