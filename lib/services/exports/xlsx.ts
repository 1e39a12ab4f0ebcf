import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { setImmediate as nextTick } from "node:timers/promises";
import ExcelJS from "exceljs";
import type { Field } from "@/lib/contracts/fields";
import { xlsxCell } from "./cells";
import { documentColumns, lineColumns, lineItems, uniqueHeaders, type Column, type ColumnKind, type LineItem } from "./columns";
import { tableFields, type DocumentPages, type ExportDocument, type ExportPlan } from "./model";

/**
 * XLSX with exceljs's streaming WorkbookWriter: a `Documents` sheet, then one sheet per table field (`document.id`,
 * `document.name`, `lineItem.number` and the table's columns). Rows are committed as they are written, so memory
 * holds a page of documents, not the workbook.
 *
 * A zip stores its entries one after another, and the writer buffers a sheet that is not the one being zipped: so
 * each sheet is written in its own pass over the selection (one walk for Documents, one per table field) rather
 * than all at once. A document changed between passes can differ between sheets; exports are not snapshots.
 */
const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm:ss",
  currency: "#,##0.00",
};

const WIDTHS: Partial<Record<ColumnKind, number>> = { date: 12, datetime: 20, number: 12, currency: 14, boolean: 8 };

/** Excel's rules: 1–31 characters, none of `[]:*?/\`, no `'` at either end, unique ignoring case, not "History". */
export function sheetNames(wanted: readonly string[]): string[] {
  const taken = new Set(["history"]);
  return wanted.map((name) => {
    const base = name.replace(/[[\]:*?/\\]/g, "_").replace(/^'+|'+$/g, "").trim().slice(0, 31) || "Sheet";
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

type Sheet<T> = { name: string; columns: Column<T>[] };

function addSheet<T>(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: Sheet<T>): ExcelJS.Worksheet {
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: "frozen", ySplit: 1 }] });
  // Column styles must be set before the first row is committed; the number formats type the dates and amounts.
  worksheet.columns = sheet.columns.map((column) => ({
    width: WIDTHS[column.kind] ?? Math.min(40, Math.max(12, column.header.length + 2)),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }));
  const header = worksheet.addRow(uniqueHeaders(sheet.columns.map((column) => column.header)));
  header.font = { bold: true };
  header.commit();
  return worksheet;
}

/** Lets the zip catch up: the writer ignores backpressure, so wait while the response is not being read. */
async function waitForReader(out: PassThrough): Promise<void> {
  await nextTick();
  if (out.destroyed) throw new Error("The download was cancelled");
  if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
}

async function writeSheet<T>(input: { workbook: ExcelJS.stream.xlsx.WorkbookWriter; out: PassThrough; sheet: Sheet<T>; pages: DocumentPages; items: (document: ExportDocument) => T[] }) {
  const worksheet = addSheet(input.workbook, input.sheet);
  for await (const page of input.pages()) {
    for (const document of page) {
      for (const item of input.items(document)) worksheet.addRow(input.sheet.columns.map((column) => xlsxCell(column.kind, column.value(item)))).commit();
    }
    await waitForReader(input.out);
  }
  worksheet.commit();
}

async function produce({ plan, pages, out }: { plan: ExportPlan; pages: DocumentPages; out: PassThrough }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = plan.exportedAt;
  const tables = tableFields(plan.fields);
  const [documentsName, ...tableNames] = sheetNames(["Documents", ...tables.map((table) => table.name)]);
  await writeSheet({ workbook, out, pages, sheet: { name: documentsName!, columns: documentColumns(plan.fields, plan.includeSources) }, items: (document) => [document] });
  for (const [index, table] of tables.entries()) {
    await writeSheet({ workbook, out, pages, sheet: { name: tableNames[index]!, columns: tableSheetColumns(table, plan.includeSources) }, items: (document) => lineItems(document, table) });
  }
  await workbook.commit();
}

function tableSheetColumns(table: Field, includeSources: boolean): Column<LineItem>[] {
  return [
    { header: "document.id", kind: "text", value: (line) => line.document.row.id },
    { header: "document.name", kind: "text", value: (line) => line.document.row.name },
    { header: "lineItem.number", kind: "number", value: (line) => line.index + 1 },
    ...lineColumns({ table, includeSources, prefix: "" }),
  ];
}

/** The workbook as a byte stream; a failure part-way destroys it, so the client sees a broken download, not a short file. */
export function writeXlsx({ plan, pages, onError }: { plan: ExportPlan; pages: DocumentPages; onError: (error: unknown) => void }): Readable {
  const out = new PassThrough();
  produce({ plan, pages, out }).catch((error: unknown) => {
    if (!out.destroyed) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return out;
}
