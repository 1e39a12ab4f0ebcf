import type { FieldType } from "./enums";

/**
 * Checks values a person or an integration writes into a document's data against the parser's fields: the
 * shape extraction itself produces (numbers as numbers, dates as `yyyy-mm-dd`, tables as arrays of row objects).
 * Pure, so the console's editor can check as you type.
 */
export type FieldShape = { name: string; type: FieldType; options?: string[]; columns?: FieldShape[] };
export type ValueProblem = { path: string; message: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `2024-02-30` parses in some engines (it rolls over); a date is real only if it reads back the same. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function checkScalar(field: FieldShape, value: unknown, path: string): ValueProblem | null {
  if (value === null) return null;
  const problem = (message: string) => ({ path, message });
  switch (field.type) {
    case "number":
    case "currency":
      return typeof value === "number" && Number.isFinite(value) ? null : problem("Expected a number");
    case "boolean":
      return typeof value === "boolean" ? null : problem("Expected true or false");
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : problem("Expected a date as yyyy-mm-dd");
    case "email":
      return typeof value === "string" && EMAIL.test(value) ? null : problem("Expected an e-mail address");
    case "url":
      return typeof value === "string" && URL.canParse(value) ? null : problem("Expected a URL");
    case "select":
      return typeof value === "string" && (field.options ?? []).includes(value) ? null : problem(`Expected one of: ${(field.options ?? []).join(", ")}`);
    default:
      return typeof value === "string" ? (value.length <= 10_000 ? null : problem("Text is longer than 10,000 characters")) : problem("Expected text");
  }
}

function checkValue(field: FieldShape, value: unknown, path: string): ValueProblem[] {
  if (field.type !== "table") {
    const problem = checkScalar(field, value, path);
    return problem ? [problem] : [];
  }
  if (value === null) return [];
  if (!Array.isArray(value)) return [{ path, message: "Expected a list of rows" }];
  if (value.length > 5_000) return [{ path, message: "At most 5,000 rows" }];
  return value.flatMap((row, index) => checkRow(field.columns ?? [], row, `${path}.${index}`));
}

function checkRow(columns: FieldShape[], row: unknown, path: string): ValueProblem[] {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return [{ path, message: "Expected a row object" }];
  return checkRecord(columns, row as Record<string, unknown>, path);
}

function checkRecord(fields: FieldShape[], values: Record<string, unknown>, prefix: string): ValueProblem[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return Object.entries(values).flatMap(([name, value]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const field = byName.get(name);
    if (!field) return [{ path, message: `"${name}" is not a field of this parser` }];
    return checkValue(field, value, path);
  });
}

/** Problems with a partial data object (the keys given replace those fields' values); empty when it is valid. */
export function checkDocumentData(fields: FieldShape[], data: Record<string, unknown>): ValueProblem[] {
  return checkRecord(fields, data, "");
}
