/**
 * Sets whose ground truth carries its own field specs (`field_specs`, as the synthetic kinds set does): the parser
 * is the document's own, and values compare by the field's declared type rather than by an invoice field's name.
 */
import type { FieldDefinition, FieldValue } from "../../lib/extraction";
import { normText, parseDecimal } from "./score";

export type SpecGt = { field_specs?: FieldDefinition[]; kind?: string };

const stripUrl = (v: string) => v.toLowerCase().replace(/^https?:\/\//, "").replace(/^www\./, "").replace(/\/+$/, "");
const textOf = (v: string) => normText(v).replace(/[.,;:]+$/, "");

/**
 * How a document's values are judged: by its own field specs where it brings them (a set of other kinds), else by
 * `byName`, the invoice sets' rules by field name.
 */
export function judgeBySpecs(specs: FieldDefinition[] | null, byName: (key: string, gt: string, pred: FieldValue) => boolean) {
  return (key: string, gt: string, pred: FieldValue): boolean => {
    const spec = specs?.find((field) => field.name === key);
    return spec ? specValueEqual(spec, gt, pred) : byName(key, gt, pred);
  };
}

/** Equal under the field's type: dates as ISO days, money as decimals (sign included), phones by their digits. */
export function specValueEqual(spec: FieldDefinition, gt: string, pred: FieldValue | undefined): boolean {
  if (pred === null || pred === undefined || Array.isArray(pred)) return false;
  const p = String(pred);
  switch (spec.type) {
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(p) && p === gt;
    case "number":
    case "currency": {
      const a = parseDecimal(gt);
      const b = typeof pred === "number" ? pred : parseDecimal(p);
      return a !== null && b !== null && Math.abs(a - b) < 0.005;
    }
    case "boolean":
      return String(pred) === gt;
    case "phone":
      return gt.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "") === p.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    case "url":
      return stripUrl(gt) === stripUrl(p);
    case "email":
      return gt.trim().toLowerCase() === p.trim().toLowerCase();
    default:
      return textOf(gt) === textOf(p);
  }
}

/**
 * Cell equality for a spec set's table field: a cell compares by its column's declared type, as a field would; a
 * column the spec does not declare falls back to the invoice rules (`fallback`, by column name).
 */
export function specCellEqual(table: FieldDefinition, fallback: (key: string, gt: string, pred: FieldValue | undefined) => boolean) {
  const columns = table.columns ?? [];
  return (key: string, gt: string, pred: FieldValue | undefined): boolean => {
    const column = columns.find((c) => c.name === key);
    return column ? specValueEqual(column, gt, pred) : fallback(key, gt, pred);
  };
}
