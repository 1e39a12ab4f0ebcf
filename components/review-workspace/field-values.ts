import type { Field } from "@/lib/contracts/fields";
import { DEFAULT_CONFIDENCE_THRESHOLDS } from "@/lib/contracts/parser-settings";
import { parseAmount } from "@/lib/normalise/amounts";
import { parseDate } from "@/lib/normalise/dates";
import { readSourceBox, type SourceBox } from "./geometry";

/**
 * Values of the review form: what the engine said about each one (confidence, where it was found, whether a
 * person corrected it), how a value reads in an input, and how input text (typed, or picked from the page)
 * becomes the typed value the data-update route accepts (lib/contracts/field-values.ts). Pure and unit-tested.
 */
export type ValueMeta = { confidence: number | null; source: SourceBox | null; corrected: boolean; raw: string | null };

export const NO_META: ValueMeta = { confidence: null, source: null, corrected: false, raw: null };

export function readValueMeta(metadata: unknown): ValueMeta {
  if (typeof metadata !== "object" || metadata === null) return NO_META;
  const record = metadata as Record<string, unknown>;
  const confidence = typeof record.confidence === "number" && Number.isFinite(record.confidence) ? record.confidence : null;
  return {
    confidence,
    source: readSourceBox(record.source),
    corrected: record.corrected === true,
    raw: typeof record.raw === "string" ? record.raw : null,
  };
}

/** A table cell's metadata: `rows[rowIndex][column]` of the table's metadata. */
export function readCellMeta(tableMetadata: unknown, rowIndex: number, column: string): ValueMeta {
  if (typeof tableMetadata !== "object" || tableMetadata === null) return NO_META;
  const rows = (tableMetadata as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return NO_META;
  const row: unknown = rows[rowIndex];
  if (typeof row !== "object" || row === null) return NO_META;
  return readValueMeta((row as Record<string, unknown>)[column]);
}

/**
 * How sure the engine was. A confidence is the calibrated probability that the value is right; the parser's
 * thresholds (defaults 0.9 and 0.5) band it: at or above `high` reads as sure, below `low` as doubtful, amber
 * between. A value the engine did not find is `missing` (its 0 confidence says nothing about a value); one a
 * person set is `corrected`.
 */
export type ConfidenceLevel = "high" | "medium" | "low" | "missing" | "corrected" | "none";
export type ConfidenceThresholds = { high: number; low: number };

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

export function confidenceLevel(meta: ValueMeta, options: { edited?: boolean; value?: unknown; thresholds?: ConfidenceThresholds } = {}): ConfidenceLevel {
  const { high, low } = options.thresholds ?? DEFAULT_CONFIDENCE_THRESHOLDS;
  if (options.edited || meta.corrected) return "corrected";
  if ("value" in options && isEmptyValue(options.value)) return "missing";
  if (meta.confidence === null) return "none";
  if (meta.confidence >= high) return "high";
  if (meta.confidence >= low) return "medium";
  return "low";
}

/**
 * Values worth a second look: the `nextLowConfidence` shortcut stops at these (amber and red, and required
 * values the engine did not find).
 */
export function needsAttention(level: ConfidenceLevel, required = false): boolean {
  return level === "medium" || level === "low" || (level === "missing" && required);
}

/** Words for the level, so colour is never the only signal. */
export function confidenceLabel(level: ConfidenceLevel, confidence: number | null): string {
  const percent = confidence === null ? "" : ` (${Math.round(confidence * 100)}%)`;
  switch (level) {
    case "high":
      return `High confidence${percent}`;
    case "medium":
      return `Check: medium confidence${percent}`;
    case "low":
      return `Check: low confidence${percent}`;
    case "corrected":
      return "Corrected by a person";
    case "missing":
      return "Not found in the document";
    default:
      return "No confidence";
  }
}

export type FieldKind = "text" | "number" | "date" | "boolean" | "select" | "email" | "url" | "tel" | "multiline";

/** Which input a field type gets. */
export function inputKind(type: Field["type"]): FieldKind {
  switch (type) {
    case "number":
    case "currency":
      return "number";
    case "date":
      return "date";
    case "boolean":
      return "boolean";
    case "select":
      return "select";
    case "email":
      return "email";
    case "url":
      return "url";
    case "phone":
      return "tel";
    case "address":
      return "multiline";
    default:
      return "text";
  }
}

/**
 * A field's name as people read it, in full: `vendor_addr` → `Vendor addr`, `invoiceNumber` → `Invoice number`.
 * A name that already reads as words (it has a space) is kept as written.
 */
export function readableFieldName(name: string): string {
  if (/\s/.test(name.trim())) return name.trim();
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return name;
  // Acronyms (`VAT`, `IBAN`) keep their capitals; other words after the first are lower-case.
  const cased = words.map((word, index) => (/^[A-Z0-9]{2,}$/.test(word) ? word : index === 0 ? word : word.toLowerCase()));
  return cased[0]!.charAt(0).toUpperCase() + cased[0]!.slice(1) + (cased.length > 1 ? ` ${cased.slice(1).join(" ")}` : "");
}

/**
 * The text an input shows for a stored value. A currency amount shows two decimals (`30.90`) when that is the
 * stored number exactly; an amount with more decimals is shown as stored, so what is saved never changes by
 * being displayed.
 */
export function toInputText(value: unknown, type?: Field["type"]): string {
  if (value === null || value === undefined) return "";
  if (type === "currency" && typeof value === "number" && Number.isFinite(value) && Number(value.toFixed(2)) === value) return value.toFixed(2);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" || typeof value === "string") return String(value);
  return JSON.stringify(value);
}

export type Parsed = { ok: true; value: string | number | boolean | null } | { ok: false; message: string };

/**
 * Turns input text into the field's typed value. Empty text clears the value (null). Numbers and dates are read
 * the way the engine reads documents, so `1.234,56 €` or `3 June 2024` picked from the page work as well as typed
 * `1234.56` or `2024-06-03`.
 */
export function fromInputText(field: Pick<Field, "type" | "options">, text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  switch (field.type) {
    case "number":
    case "currency": {
      const plain = Number(trimmed);
      if (Number.isFinite(plain)) return { ok: true, value: plain };
      const amount = parseAmount(trimmed);
      return amount === null ? { ok: false, message: "Enter a number" } : { ok: true, value: amount };
    }
    case "date": {
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? trimmed : parseDate(trimmed);
      return iso ? { ok: true, value: iso } : { ok: false, message: "Enter a date" };
    }
    case "boolean": {
      const lower = trimmed.toLowerCase();
      if (["true", "yes", "y", "1", "x", "✓", "ja", "oui"].includes(lower)) return { ok: true, value: true };
      if (["false", "no", "n", "0", "nein", "non"].includes(lower)) return { ok: true, value: false };
      return { ok: false, message: "Enter yes or no" };
    }
    case "select": {
      const option = field.options.find((candidate) => candidate.toLowerCase() === trimmed.toLowerCase());
      return option ? { ok: true, value: option } : { ok: false, message: `Choose one of: ${field.options.join(", ")}` };
    }
    default:
      return { ok: true, value: trimmed };
  }
}

/** Equality of stored values as the API would store them (a table compares row by row). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
