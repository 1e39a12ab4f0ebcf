import ExcelJS from "exceljs";
import mammoth from "mammoth";
import type { Page } from "../../types";
import { htmlToLayoutText, layoutRows } from "../layout-text";
import { textToPages } from "../plain-text";
import { checkZipArchive } from "./zip-guard";

/** Office files are zip archives: refuse ones whose size alone makes them suspect before inflating anything. */
const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

export function loadHtml(bytes: Uint8Array): Page[] {
  return textToPages(htmlToLayoutText(new TextDecoder("utf-8").decode(bytes)));
}

export async function loadDocx(bytes: Uint8Array): Promise<Page[]> {
  if (bytes.length > MAX_ARCHIVE_BYTES) throw new Error("The DOCX file is too large");
  checkZipArchive(bytes);
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return textToPages(htmlToLayoutText(value));
}

/** RFC 4180 CSV (quotes, doubled quotes, newlines in quotes); the delimiter is guessed from the first line. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [";", "\t", ","].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ",");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export function loadCsv(bytes: Uint8Array): Page[] {
  return textToPages(layoutRows(parseCsv(new TextDecoder("utf-8").decode(bytes))).join("\n"));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    return "";
  }
  return String(value);
}

/** One page per worksheet (long sheets continue over further pages), cells padded into columns. */
export async function loadXlsx(bytes: Uint8Array): Promise<Page[]> {
  if (bytes.length > MAX_ARCHIVE_BYTES) throw new Error("The spreadsheet is too large");
  checkZipArchive(bytes);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const pages: Page[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => (values[col - 1] = cellText(cell.value)));
      rows.push(Array.from(values, (v) => v ?? ""));
    });
    for (const page of textToPages([`## ${sheet.name}`, "", ...layoutRows(rows)].join("\n"))) {
      pages.push({ ...page, number: pages.length + 1 });
    }
  });
  return pages;
}
