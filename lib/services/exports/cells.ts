import type { ColumnKind } from "./columns";

/**
 * Cell values for CSV and XLSX. A spreadsheet opening a CSV runs a cell that starts with `=`, `+`, `-` or `@` (and,
 * in some, tab or CR) as a formula, so an extracted text like `=HYPERLINK("http://evil","click")` could act when the
 * file is opened (OWASP "CSV injection"). In CSV only, every text cell that starts so gets a leading `'`, which
 * spreadsheets show as text. Left alone: numbers (written as numbers, so `-12.5` stays a number) and a text that is
 * a plain decimal number (`-5`, `+3.20`), which a spreadsheet can only read as that number.
 *
 * XLSX cells are typed: a text is a string cell, which no spreadsheet evaluates, so XLSX keeps every value exact.
 */
// The full-width forms (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠) too: some spreadsheets (Excel with East Asian
// input settings) fold them to their ASCII forms and evaluate the cell.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export type XlsxCell = string | number | boolean | Date | null;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `yyyy-mm-dd` as a UTC midnight Date (what Excel shows as that day), or null if it is not a real day. */
export function dayAsDate(text: string): Date | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : null;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The typed value of an XLSX cell. A value that does not fit its field's type (a number field holding text, a date
 * that is not a day) is written as the text it is rather than dropped. Text is never prefixed: exceljs writes a
 * JavaScript string as a string cell (never a formula, which only an explicit `{ formula }` value makes).
 */
export function xlsxCell(kind: ColumnKind, value: unknown): XlsxCell {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    if (kind === "date") return dayAsDate(value) ?? value;
    if (kind === "datetime") {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) return new Date(time);
    }
  }
  return asText(value);
}

/** A CSV cell: numbers and booleans as written by JavaScript, text neutralised, objects as JSON text. */
export function csvCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return neutralizeFormula(asText(value));
}
