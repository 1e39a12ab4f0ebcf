import type { FieldType } from "./enums";

/**
 * Gives every value of a document the JSON type of its field, the one rule the engine's output, the data update,
 * the API's views, exports and webhooks share (docs/api.md, "Value types"):
 * - text-like fields (`text`, `email`, `phone`, `url`, `address`, `select`) hold strings. A figure the engine read
 *   into one is written in its normalised form: `.` as the decimal separator, no grouping, no currency, the decimals
 *   as printed ("1,234.50" → "1234.50", "1.234,50 €" → "1234.50", "10" → "10"). Dates the engine reads into text
 *   fields are already ISO ("2024-03-14"), so a text field holds the normalised reading in every case.
 * - `number` and `currency` hold numbers; a string written plainly ("1234.50") becomes its number.
 * - `boolean` holds true or false; the strings "true" and "false" become them.
 * - `date` holds `yyyy-mm-dd` strings (the engine's form already).
 * - a `table` is a list of row objects whose cells follow their column's type.
 * Anything that cannot be converted without guessing ("1,234" in a number field: a thousand or one point two?)
 * stays as it is, so nothing is lost and the approval checks name it. Pure and idempotent: the browser may import it,
 * and coercing twice changes nothing.
 */
export type CoercibleField = { name: string; type: FieldType; columns?: readonly CoercibleField[] };

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(["text", "email", "phone", "url", "address", "select"]);
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const MAX_PRINTED_DECIMALS = 6;

/**
 * How many decimals the page printed for this figure: the digits of one number in the raw text must be exactly
 * those of the value written with that many decimals (separators and currency ignored, so "1.234,50" and
 * "1,234.50" both say 2). Null when the raw text shows no such number.
 */
export function printedDecimals(value: number, raw: string | null | undefined): number | null {
  if (!raw || !Number.isFinite(value)) return null;
  // With spaces as a grouping separator ("1 234,50") and without them ("10 95.00" is two numbers).
  const numbers = [...(raw.match(/\d[\d.,'’ \u00a0\u202f]*/g) ?? []), ...(raw.match(/\d[\d.,'’]*/g) ?? [])];
  const printed = new Set(numbers.map((number) => number.replace(/\D/g, "")));
  for (let decimals = 0; decimals <= MAX_PRINTED_DECIMALS; decimals += 1) {
    if (printed.has(Math.abs(value).toFixed(decimals).replace(/\D/g, ""))) return decimals;
  }
  return null;
}

/** A number as text: plain decimal notation (never an exponent), with the printed decimals when they are known. */
export function numberAsText(value: number, raw?: string | null): string {
  if (!Number.isFinite(value)) return String(value);
  const decimals = printedDecimals(value, raw);
  if (decimals !== null) return value.toFixed(decimals);
  return value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

function coerceScalar(type: FieldType, value: unknown, raw: string | null): unknown {
  if (value === null || value === undefined) return value;
  if (TEXT_TYPES.has(type)) {
    if (typeof value === "number") return numberAsText(value, raw);
    if (typeof value === "boolean") return String(value);
    return value;
  }
  if (type === "number" || type === "currency") {
    if (typeof value === "string" && PLAIN_NUMBER.test(value.trim())) return Number(value.trim());
    return value;
  }
  if (type === "boolean" && typeof value === "string") {
    const word = value.trim().toLowerCase();
    return word === "true" ? true : word === "false" ? false : value;
  }
  return value;
}

/** The engine's `raw` text for a value, from its metadata (`{raw}`), when it has one. */
function rawOf(meta: unknown): string | null {
  if (typeof meta !== "object" || meta === null) return null;
  const raw = (meta as { raw?: unknown }).raw;
  return typeof raw === "string" ? raw : null;
}

function cellMetaOf(tableMeta: unknown, index: number, column: string): unknown {
  if (typeof tableMeta !== "object" || tableMeta === null) return null;
  const rows = (tableMeta as { rows?: unknown }).rows;
  const row: unknown = Array.isArray(rows) ? rows[index] : null;
  return typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column] : null;
}

/** One field's value in its field's type; `meta` is the value's stored metadata (for a table: the table's). */
export function coerceFieldValue(field: CoercibleField, value: unknown, meta?: unknown): unknown {
  if (field.type !== "table") return coerceScalar(field.type, value, rawOf(meta));
  if (!Array.isArray(value)) return value;
  const columns = new Map((field.columns ?? []).map((column) => [column.name, column]));
  return value.map((row: unknown, index) => {
    if (typeof row !== "object" || row === null || Array.isArray(row)) return row;
    return Object.fromEntries(
      Object.entries(row as Record<string, unknown>).map(([name, cell]) => {
        const column = columns.get(name);
        return [name, column ? coerceFieldValue(column, cell, cellMetaOf(meta, index, name)) : cell];
      }),
    );
  });
}

/**
 * A document's data with every value in its field's type (a new object; keys that are no field are kept as they
 * are). `fieldMetadata` is the stored metadata: the engine's raw text there keeps a figure's printed decimals.
 */
export function coerceDocumentData<T extends Record<string, unknown>>(fields: readonly CoercibleField[], data: T, fieldMetadata?: Readonly<Record<string, unknown>> | null): T {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => {
      const field = byName.get(name);
      return [name, field ? coerceFieldValue(field, value, fieldMetadata?.[name]) : value];
    }),
  ) as T;
}
