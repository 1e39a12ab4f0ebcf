import { describe, expect, it } from "vitest";
import { writeJson } from "./json";
import { collect, DOCUMENTS, FIELDS, pagesOf, plan, TRICKY_TEXT } from "./test-fixtures";

type JsonExport = { parser: { name: string }; includeSources: boolean; fields: { name: string }[]; documents: { id: string; name: string; status: string; error: string | null; folderPath: string | null; data: Record<string, unknown> }[] };

const read = async (includeSources: boolean, documents = DOCUMENTS) => JSON.parse(await collect(writeJson(plan(includeSources), pagesOf(documents)))) as JsonExport;

describe("JSON export", () => {
  it("has the parser, its fields and every document with metadata and data, across pages", async () => {
    const file = await read(false);
    expect(file.parser.name).toBe("Invoices & <Receipts>");
    expect(file.fields.map((field) => field.name)).toEqual(FIELDS.map((field) => field.name));
    expect(file.documents.map((document) => document.id)).toEqual(DOCUMENTS.map((document) => document.row.id));
    const [first, failed, tricky] = file.documents;
    expect(first).toMatchObject({ status: "processed", folderPath: "Suppliers / 2025", error: null });
    expect(first!.data).toEqual({
      "Invoice number": "INV-1",
      Total: -12.5,
      "Invoice date": "2024-03-15",
      Paid: true,
      Note: '=HYPERLINK("http://evil.test","click")',
      "=cmd|' /C calc'!A0": "+49 30 1234",
      'a "quoted"\tname & <more>': null,
      Items: [
        { SKU: "@SUM(A1)", Amount: 3, Due: "2024-04-01" },
        { SKU: "B-2", Amount: -1.25, Due: null },
      ],
    });
    expect(failed).toMatchObject({ status: "failed", error: "Could not read the file" });
    expect(Object.values(failed!.data).every((value) => value === null)).toBe(true);
    expect(tricky!.name).toBe(TRICKY_TEXT);
    expect(tricky!.data.Items).toBeNull();
  });

  it("inlines confidence, page and box for every value with includeSources", async () => {
    const [first] = (await read(true)).documents;
    expect(first!.data["Invoice number"]).toEqual({ value: "INV-1", confidence: 0.97, page: 1, box: { x: 0.1, y: 0.2, w: 0.3, h: 0.05 }, corrected: false });
    expect(first!.data.Total).toEqual({ value: -12.5, confidence: 1, page: null, box: null, corrected: true });
    const items = first!.data.Items as { value: Record<string, { value: unknown; page: number | null }>[]; confidence: number; page: number };
    expect(items).toMatchObject({ confidence: 0.8, page: 2 });
    expect(items.value[0]!.SKU).toMatchObject({ value: "@SUM(A1)", page: 2 });
    expect(items.value[1]!.Due).toMatchObject({ value: null, page: null });
  });

  it("is a valid file with no documents when nothing is selected", async () => {
    expect((await read(false, [])).documents).toEqual([]);
  });
});
