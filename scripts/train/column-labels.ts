/**
 * Labels for the column typer (scripts/train/table-columns.ts): a column of a read table is the ground-truth line-item
 * field whose values its cells print. Numbers match by value (to a cent), codes and units by their whole text,
 * descriptions by a piece of one. A column whose cells match two fields alike (quantity and position all "1", price
 * and amount at quantity one) is left out; one whose cells match none is `other` (`date` when they are dates).
 */
import { findAmounts } from "../../lib/normalise/amounts";
import { findDates } from "../../lib/normalise/dates";
import { COLUMN_CONCEPTS_TYPED, type ColumnConceptKey } from "../../lib/extraction/tables/column-features";

const NUMERIC_FIELDS = ["position", "quantity", "unit_price", "discount_percent", "tax_rate", "amount"] as const;
const TEXT_FIELDS = ["item_code", "unit", "description"] as const;
type LabelField = (typeof NUMERIC_FIELDS)[number] | (typeof TEXT_FIELDS)[number];

const squeeze = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.005, Math.abs(b) * 1e-4);

/** The numbers of a cell that prints a number and at most a unit or currency word beside it ("5 Stk", "EUR 9,90"). */
function numbersIn(text: string): number[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const numeric = tokens.filter((t) => /\d/.test(t));
  if (numeric.length === 0 || tokens.length - numeric.length > 1 || numeric.some((t) => /\p{L}{3}/u.test(t))) return [];
  const joined = numeric.join(" ");
  return [...findAmounts(joined, "."), ...findAmounts(joined, ",")].map((a) => Math.abs(a.value));
}

function matches(field: LabelField, cell: string, values: string[]): boolean {
  if ((NUMERIC_FIELDS as readonly string[]).includes(field)) {
    const numbers = numbersIn(cell);
    return numbers.length > 0 && values.some((v) => {
      const target = Math.abs(Number(v));
      return Number.isFinite(target) && numbers.some((n) => near(n, target));
    });
  }
  const s = squeeze(cell);
  if (s.length === 0) return false;
  if (field === "description") return s.length >= 3 && /\p{L}/u.test(s) && values.some((v) => squeeze(v).includes(s));
  return values.some((v) => squeeze(v) === s);
}

/** Agreement a label needs: this share of the column's filled cells, and clearly more than any other field's. */
const LABEL_SHARE = 0.5;
const MARGIN = 0.2;
const NONE_SHARE = 0.15;

/** The label of each column of one table (null: not known), or all null when the table matched no item field twice. */
export function labelColumns(columns: Array<{ key: string; cells: string[] }>, items: Array<Record<string, string>>): Array<ColumnConceptKey | null> {
  const fields = [...NUMERIC_FIELDS, ...TEXT_FIELDS].filter((f) => items.some((it) => (it[f] ?? "").trim() !== ""));
  const scored = columns.map(({ cells }) => {
    const filled = cells.filter((c) => c.trim() !== "");
    const shares = fields.map((f) => {
      const values = items.map((it) => it[f] ?? "").filter((v) => v.trim() !== "");
      return { f, share: filled.length ? filled.filter((c) => matches(f, c, values)).length / filled.length : 0 };
    }).sort((a, b) => b.share - a.share);
    return { filled, best: shares[0], second: shares[1] };
  });
  const matched = scored.filter((s) => s.best && s.best.share >= LABEL_SHARE).length;
  if (matched < 2) return columns.map(() => null);
  const labels = scored.map(({ filled, best, second }): ColumnConceptKey | null | "none" => {
    if (filled.length < 2) return null;
    if (best && best.share >= LABEL_SHARE) return second && best.share - second.share < MARGIN ? null : best.f;
    return !best || best.share < NONE_SHARE ? "none" : null;
  });
  // A column that prints none of the items' values is no item field only when that is sure: the header named nothing,
  // or the field it named is printed in another column. Otherwise the ground truth may just write it differently
  // (a unit as its code "H87", a position "01.01" as "1").
  return labels.map((label, k) => {
    if (label !== "none") return label;
    const { key, cells } = columns[k]!;
    const named = key !== "" && (COLUMN_CONCEPTS_TYPED as readonly string[]).includes(key);
    if (named && !labels.some((l, i) => i !== k && l === key)) return null;
    const filled = cells.filter((c) => c.trim() !== "");
    return filled.filter((c) => findDates(c).length > 0).length >= 0.6 * filled.length ? "date" : "other";
  });
}
