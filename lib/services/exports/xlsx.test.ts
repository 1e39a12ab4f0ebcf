import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { Field } from "@/lib/contracts/fields";
import { DOCUMENTS, FIELDS, injectionDocument, INJECTIONS, pagesOf, plan } from "./test-fixtures";
import { writeXlsx } from "./xlsx";

async function read(includeSources: boolean, documents = DOCUMENTS, fields: Field[] = FIELDS) {
  const bytes = await buffer(writeXlsx({ plan: plan(includeSources, fields), pages: pagesOf(documents), onError: (error) => { throw error; } }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet as records keyed by its header row, with the cells' typed values. */
function records(sheet: ExcelJS.Worksheet): Record<string, ExcelJS.CellValue>[] {
  const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const out: Record<string, ExcelJS.CellValue>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    out.push(Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value])));
  });
  return out;
}

describe("XLSX export", () => {
  it("has a Documents sheet and a sheet per table field, with typed cells", async () => {
    const workbook = await read(false);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Documents", "Items"]);
    const documents = records(workbook.getWorksheet("Documents")!);
    expect(documents).toHaveLength(3);
    const [first, failed, tricky] = documents;
    expect(first).toMatchObject({ "Invoice number": "INV-1", Total: -12.5, Paid: true, "document.pageCount": 2 });
    expect(first!["Invoice date"]).toEqual(new Date("2024-03-15T00:00:00Z"));
    expect(first!["document.createdAt"]).toEqual(new Date("2025-03-01T10:20:30.000Z"));
    expect(workbook.getWorksheet("Documents")!.getRow(2).getCell(Object.keys(first!).indexOf("Invoice date") + 1).numFmt).toBe("yyyy-mm-dd");
    expect(failed).toMatchObject({ "document.status": "failed", "document.error": "Could not read the file", Total: null });
    // Not a real day: kept as the text it is rather than dropped.
    expect(tricky!["Invoice date"]).toBe("2024-02-30");

    const items = records(workbook.getWorksheet("Items")!);
    expect(items).toEqual([
      { "document.id": DOCUMENTS[0]!.row.id, "document.name": 'invoice, "one".pdf', "lineItem.number": 1, SKU: "@SUM(A1)", Amount: 3, Due: new Date("2024-04-01T00:00:00Z") },
      { "document.id": DOCUMENTS[0]!.row.id, "document.name": 'invoice, "one".pdf', "lineItem.number": 2, SKU: "B-2", Amount: -1.25, Due: null },
    ]);
  });

  it("writes formula-looking text as the exact text in string cells, never as a formula", async () => {
    const workbook = await read(false);
    const sheet = workbook.getWorksheet("Documents")!;
    const [first] = records(sheet);
    expect(first!.Note).toBe(`=HYPERLINK("http://evil.test","click")`);
    expect(first!["=cmd|' /C calc'!A0"]).toBe("+49 30 1234");
    for (const current of workbook.worksheets) current.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it.each(INJECTIONS)("keeps the text %j exact in a string cell", async (text) => {
    const workbook = await read(false, [injectionDocument(text)]);
    const sheet = workbook.getWorksheet("Documents")!;
    const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    for (const header of ["document.name", "Note"]) {
      const cell = sheet.getRow(2).getCell(headers.indexOf(header) + 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // XML reads every CR or CRLF in text as LF (XML 1.0 §2.11): the one change a string cell can make.
      expect(cell.value).toBe(text.replace(/\r\n?/g, "\n"));
    }
    const total = sheet.getRow(2).getCell(headers.indexOf("Total") + 1);
    expect([total.type, total.value]).toEqual([ExcelJS.ValueType.Number, -5]);
  });

  it("adds confidence, page and box columns with includeSources", async () => {
    const workbook = await read(true);
    const [first] = records(workbook.getWorksheet("Documents")!);
    expect(first).toMatchObject({ "Invoice number confidence": 0.97, "Invoice number page": 1, "Invoice number box": "0.1 0.2 0.3 0.05", "Total confidence": 1, "Total page": null });
    const [line] = records(workbook.getWorksheet("Items")!);
    expect(line).toMatchObject({ "SKU confidence": 0.9, "SKU page": 2, "SKU box": "0.1 0.55 0.2 0.02" });
  });

  it("is a valid workbook with header rows only when nothing is selected", async () => {
    const workbook = await read(false, []);
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ["Documents", 1],
      ["Items", 1],
    ]);
  });

  it("names a table sheet safely when the field name is not a valid sheet name", async () => {
    const table = { ...FIELDS.at(-1)!, name: "Documents" };
    const other = { ...FIELDS.at(-1)!, name: "Lines [net]: a/b" };
    const workbook = await read(false, DOCUMENTS, [...FIELDS.slice(0, -1), table, other]);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Documents", "Documents (2)", "Lines _net__ a_b"]);
  });
});
