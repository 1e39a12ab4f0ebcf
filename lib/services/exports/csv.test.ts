import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { writeCsv } from "./csv";
import { collect, DOCUMENTS, injectionDocument, INJECTIONS, pagesOf, plan, TRICKY_TEXT } from "./test-fixtures";

async function read(includeSources: boolean, documents = DOCUMENTS) {
  const text = await collect(writeCsv(plan(includeSources), pagesOf(documents)));
  const [headers, ...rows] = parse(text, { bom: true, relax_column_count: false }) as string[][];
  const records = rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!])));
  return { text, headers: headers!, records };
}

describe("CSV export", () => {
  it("writes a row per document and a row per line item repeating the document's columns", async () => {
    const { text, headers, records } = await read(false);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(headers.slice(0, 3)).toEqual(["document.id", "document.name", "document.externalId"]);
    expect(headers).toEqual(expect.arrayContaining(["Invoice number", "Total", "lineItem.table", "lineItem.number", "Items.SKU", "Items.Amount", "Items.Due"]));
    expect(headers).not.toContain("Deleted field");
    // 3 documents + 2 line items of the first.
    expect(records.map((record) => [record["document.name"], record["lineItem.number"]])).toEqual([
      ['invoice, "one".pdf', ""],
      ['invoice, "one".pdf', "1"],
      ['invoice, "one".pdf', "2"],
      ["failed.pdf", ""],
      [TRICKY_TEXT, ""],
    ]);
    const [document, line] = records;
    expect(document).toMatchObject({ "Invoice number": "INV-1", Total: "-12.5", Paid: "true", "Items.SKU": "", "lineItem.table": "" });
    expect(line).toMatchObject({ "Invoice number": "INV-1", Total: "-12.5", "lineItem.table": "Items", "Items.SKU": "'@SUM(A1)", "Items.Amount": "3", "Items.Due": "2024-04-01" });
    expect(records[2]).toMatchObject({ "Items.Amount": "-1.25", "Items.Due": "" });
    expect(records[3]).toMatchObject({ "document.status": "failed", "document.error": "Could not read the file" });
  });

  it("neutralises formulas in text cells and headers but not in numbers", async () => {
    const { headers, records } = await read(false);
    expect(headers).toContain("'=cmd|' /C calc'!A0");
    expect(records[0]).toMatchObject({ Note: `'=HYPERLINK("http://evil.test","click")`, "'=cmd|' /C calc'!A0": "'+49 30 1234", Total: "-12.5" });
  });

  it.each(INJECTIONS)("quotes and neutralises %j so it reads back as one cell of one row", async (text) => {
    const { text: csv, records } = await read(false, [injectionDocument(text)]);
    expect(records).toHaveLength(1);
    const expected = /^[=+\-@\t\r]/.test(text) && text !== "-5" ? `'${text}` : text;
    expect(records[0]).toMatchObject({ "document.name": expected, Note: expected, Total: "-5" });
    // Every CR or LF sits inside a quoted cell: outside quotes, only the CRLF record delimiters remain.
    const outside = csv.replace(/"(?:[^"]|"")*"/g, "");
    expect(outside.split("\r\n").filter((line) => line !== "")).toHaveLength(2);
    expect(outside).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });

  it("writes the number -5 as a bare number", async () => {
    const { text } = await read(false, [injectionDocument("x")]);
    expect(text).toMatch(/,-5,/);
  });

  it("adds confidence, page and box columns after each value with includeSources", async () => {
    const { headers, records } = await read(true);
    const at = headers.indexOf("Invoice number");
    expect(headers.slice(at, at + 4)).toEqual(["Invoice number", "Invoice number confidence", "Invoice number page", "Invoice number box"]);
    expect(records[0]).toMatchObject({ "Invoice number confidence": "0.97", "Invoice number page": "1", "Invoice number box": "0.1 0.2 0.3 0.05", "Total confidence": "1", "Total page": "" });
    expect(records[1]).toMatchObject({ "Items.SKU confidence": "0.9", "Items.SKU page": "2", "Items.SKU box": "0.1 0.55 0.2 0.02" });
  });

  it("is the header row alone when nothing is selected", async () => {
    const { headers, records } = await read(false, []);
    expect(headers.length).toBeGreaterThan(10);
    expect(records).toEqual([]);
  });
});
