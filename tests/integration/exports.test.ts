import ExcelJS from "exceljs";
import { parse as parseCsv } from "csv-parse/sync";
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { addMemberAndSignIn, baseUrl, call, freshKey, seedTeam } from "../support/http";
import { keysPerTest, makeParser, type ParserBody } from "../support/parsers";

/**
 * POST /parsers/{parserId}/export over HTTP against the real server: three documents taken through the real
 * pipeline (so sources are the engine's), then corrected to known values (a table, a formula-looking text), and
 * exported in every format, by ids and by filters, with the error answers around it.
 */
const { acme, globex } = keysPerTest();
type ErrorAnswer = { error: true; message: string; code: string; notFound?: { type: string; value: string }[]; issues?: { path: string; message: string }[] };
type Source = { value: unknown; confidence: number | null; page: number | null; box: { x: number; y: number; w: number; h: number } | null; corrected: boolean };
type JsonExport = { parser: { id: string }; fields: { name: string }[]; documents: { id: string; name: string; status: string; data: Record<string, unknown> }[] };

const FIELDS = [
  { name: "invoiceNumber", type: "text", description: "Invoice number" },
  { name: "total", type: "currency", description: "Total amount due" },
  { name: "invoiceDate", type: "date", description: "Invoice date" },
  { name: "note", type: "text", description: "A note" },
  { name: "items", type: "table", description: "Line items", columns: [{ name: "sku", type: "text" }, { name: "qty", type: "number" }] },
];

let parser: ParserBody;
let ids: { first: string; second: string; failed: string };

async function upload(key: string, name: string, lines: string[]): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(lines))], { type: "application/pdf" }), name);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
}

/** A plain loop: expect.poll only works inside a test, and this runs in beforeAll. */
async function waitUntilDone(key: string, documentId: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = (await call<{ metadata: { status: string } }>(`/api/v1/process/${parser.id}/files/data?documentId=${documentId}`, { key })).body.metadata.status;
    if (status === "processed" || status === "failed") return;
    if (Date.now() > deadline) throw new Error(`${documentId} is still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  const key = (await freshKey(seedTeam("Acme").apiKey)).key;
  parser = await makeParser(key, { fields: FIELDS });
  const first = await upload(key, "first.pdf", ["ACME Supplies Ltd", "Invoice Number: INV-1", "Invoice Date: 2024-03-15", "Total: 1,234.56 EUR"]);
  const second = await upload(key, "second.pdf", ["Globex", "Invoice Number: INV-2", "Total: 99.50 EUR"]);
  // Not a PDF inside: extraction fails, which gives a document with an error and no data.
  const form = new FormData();
  form.append("file", new Blob([Buffer.from("%PDF-1.7\nbroken")], { type: "application/pdf" }), "broken.pdf");
  const broken = await fetch(`${baseUrl()}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const failed = ((await broken.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  for (const id of [first, second, failed]) await waitUntilDone(key, id);
  const corrected = await call(`/api/v1/process/${parser.id}/files/data`, {
    key,
    method: "PATCH",
    body: { documentId: first, data: { note: '=HYPERLINK("http://evil.test","x")', items: [{ sku: "@A-1", qty: 2 }, { sku: "B-2", qty: -1 }] } },
  });
  expect(corrected.status).toBe(200);
  // Unquoted, the LF would start a new CSV row whose first cell is a formula (issue #19, item 9).
  const injected = await call(`/api/v1/process/${parser.id}/files/data`, { key, method: "PATCH", body: { documentId: second, data: { note: "\n=2+2" } } });
  expect(injected.status).toBe(200);
  ids = { first, second, failed };
}, 240_000);

async function exportFile(body: Record<string, unknown>, key = acme(), parserId = parser.id) {
  const response = await fetch(`${baseUrl()}/api/v1/parsers/${parserId}/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function exportJson(body: Record<string, unknown> = {}) {
  const file = await exportFile({ format: "json", ...body });
  expect(file.status).toBe(200);
  return JSON.parse(file.bytes.toString("utf8")) as JsonExport;
}

const exportPath = (parserId = parser.id) => `/api/v1/parsers/${parserId}/export`;

describe("export formats", () => {
  it("JSON: every document with metadata and data, as a download", async () => {
    const file = await exportFile({ format: "json" });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-\d{8}-\d{6}\.json"$/);
    expect(file.headers.get("x-ratelimit-limit")).toBeTruthy();
    const body = JSON.parse(file.bytes.toString("utf8")) as JsonExport;
    expect(body.parser.id).toBe(parser.id);
    expect(body.fields.map((field) => field.name)).toEqual(FIELDS.map((field) => field.name));
    expect(body.documents.map((document) => document.id).sort()).toEqual(Object.values(ids).sort());
    const first = body.documents.find((document) => document.id === ids.first)!;
    expect(first.data).toMatchObject({ invoiceNumber: "INV-1", total: 1234.56, invoiceDate: "2024-03-15", items: [{ sku: "@A-1", qty: 2 }, { sku: "B-2", qty: -1 }] });
    expect(body.documents.find((document) => document.id === ids.failed)).toMatchObject({ status: "failed", data: { invoiceNumber: null, items: null } });
  });

  it("XML: well-formed, fields as <field name=…>", async () => {
    const file = await exportFile({ format: "xml" });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const text = file.bytes.toString("utf8");
    const documents: string[] = [];
    const parser_ = new SaxesParser();
    parser_.on("error", (error) => {
      throw error;
    });
    parser_.on("opentag", (tag) => void (tag.name === "document" && documents.push(String(tag.attributes.id))));
    parser_.write(text).close();
    expect(documents.sort()).toEqual(Object.values(ids).sort());
    expect(text).toContain('<field name="invoiceNumber" type="text">INV-1</field>');
    expect(text).toContain('<field name="note" type="text">=HYPERLINK("http://evil.test","x")</field>');
  });

  it("CSV: a row per document and per line item, formulas neutralised", async () => {
    const file = await exportFile({ format: "csv", documentIds: [ids.first] });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [headers, ...rows] = parseCsv(file.bytes, { bom: true }) as string[][];
    const records = rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]])));
    expect(records).toHaveLength(3);
    expect(records.map((record) => [record["document.id"], record["invoiceNumber"], record["lineItem.number"], record["items.sku"], record["items.qty"]])).toEqual([
      [ids.first, "INV-1", "", "", ""],
      [ids.first, "INV-1", "1", "'@A-1", "2"],
      [ids.first, "INV-1", "2", "B-2", "-1"],
    ]);
    expect(records[0]).toMatchObject({ total: "1234.56", note: `'=HYPERLINK("http://evil.test","x")` });
  });

  it("CSV: a value holding a line break is quoted, so it cannot start a formula row", async () => {
    const file = await exportFile({ format: "csv", documentIds: [ids.second] });
    expect(file.status).toBe(200);
    const [headers, ...rows] = parseCsv(file.bytes, { bom: true }) as string[][];
    expect(rows).toHaveLength(1);
    expect(rows[0]![headers!.indexOf("note")]).toBe("\n=2+2");
    expect(file.bytes.toString("utf8")).toContain('"\n=2+2"');
  });

  it("CSV: cells starting with full-width ＝ ＋ － ＠ are neutralised like their ASCII forms", async () => {
    const key = acme();
    const note = "\uFF1DHYPERLINK(\"http://evil.test\",\"x\")";
    const items = [{ sku: "\uFF0Bcmd|' /C calc'!A0", qty: 1 }, { sku: "\uFF0D2+3", qty: 2 }, { sku: "\uFF20SUM(A1)", qty: 3 }];
    const patched = await call(`/api/v1/process/${parser.id}/files/data`, { key, method: "PATCH", body: { documentId: ids.second, data: { note, items } } });
    expect(patched.status).toBe(200);
    try {
      const file = await exportFile({ format: "csv", documentIds: [ids.second] });
      const [headers, ...rows] = parseCsv(file.bytes, { bom: true }) as string[][];
      const column = (name: string) => rows.map((row) => row[headers!.indexOf(name)]);
      expect(column("note")[0]).toBe(`'${note}`);
      expect(column("items.sku").filter(Boolean)).toEqual(items.map((item) => `'${item.sku}`));
    } finally {
      // Back to what the later tests of this file expect of the second document.
      await call(`/api/v1/process/${parser.id}/files/data`, { key, method: "PATCH", body: { documentId: ids.second, data: { note: "\n=2+2", items: null } } });
    }
  });

  it("XLSX: a Documents sheet and a sheet per table, with typed cells and text kept exact", async () => {
    const file = await exportFile({ format: "xlsx", documentIds: [ids.first, ids.second] });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Documents", "items"]);
    const documents = workbook.getWorksheet("Documents")!;
    const headers = (documents.getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (row: number, header: string) => documents.getRow(row).getCell(headers.indexOf(header) + 1).value;
    expect(documents.rowCount).toBe(3);
    const firstRow = cell(2, "document.id") === ids.first ? 2 : 3;
    expect(cell(firstRow, "total")).toBe(1234.56);
    expect(cell(firstRow, "invoiceDate")).toEqual(new Date("2024-03-15T00:00:00Z"));
    expect(cell(firstRow, "document.createdAt")).toBeInstanceOf(Date);
    // XLSX keeps text exact in string cells, which spreadsheets never evaluate.
    expect(cell(firstRow, "note")).toBe(`=HYPERLINK("http://evil.test","x")`);
    expect(cell(5 - firstRow, "note")).toBe("\n=2+2");
    for (const row of [2, 3]) expect(documents.getRow(row).getCell(headers.indexOf("note") + 1).type).toBe(ExcelJS.ValueType.String);
    const items = workbook.getWorksheet("items")!;
    expect(items.rowCount).toBe(3);
    expect(items.getRow(2).values).toEqual([undefined, ids.first, "first.pdf", 1, "@A-1", 2]);
    expect(items.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(items.getRow(3).getCell(5).value).toBe(-1);
  });

  it("includeSources: page, box and confidence for every value, and extra CSV columns", async () => {
    const body = await exportJson({ includeSources: true, documentIds: [ids.second] });
    const invoiceNumber = body.documents[0]!.data.invoiceNumber as Source;
    expect(invoiceNumber.value).toBe("INV-2");
    expect(invoiceNumber.page).toBe(1);
    expect(invoiceNumber.confidence).toBeGreaterThan(0);
    expect(invoiceNumber.box).toEqual({ x: expect.any(Number), y: expect.any(Number), w: expect.any(Number), h: expect.any(Number) });
    const corrected = (await exportJson({ includeSources: true, documentIds: [ids.first] })).documents[0]!.data.note as Source;
    expect(corrected).toMatchObject({ confidence: 1, corrected: true });

    const csv = await exportFile({ format: "csv", includeSources: true, documentIds: [ids.second] });
    const [headers, row] = parseCsv(csv.bytes, { bom: true }) as string[][];
    const at = headers!.indexOf("invoiceNumber");
    expect(headers!.slice(at, at + 4)).toEqual(["invoiceNumber", "invoiceNumber confidence", "invoiceNumber page", "invoiceNumber box"]);
    expect(row![at + 2]).toBe("1");
    expect(row![at + 3]).toMatch(/^[\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
    const xml = (await exportFile({ format: "xml", includeSources: true, documentIds: [ids.second] })).bytes.toString("utf8");
    expect(xml).toMatch(/<field name="invoiceNumber" type="text" confidence="[\d.]+" page="1" x="[\d.]+" y="[\d.]+" w="[\d.]+" h="[\d.]+">INV-2<\/field>/);
  });
});

describe("export selection", () => {
  it("exports the given ids only, or what the list's filters match", async () => {
    expect((await exportJson({ documentIds: [ids.second] })).documents.map((document) => document.id)).toEqual([ids.second]);
    expect((await exportJson({ status: "failed" })).documents.map((document) => document.id)).toEqual([ids.failed]);
    expect((await exportJson({ q: "inv-2" })).documents.map((document) => document.id)).toEqual([ids.second]);
    expect((await exportJson({ filters: [{ field: "items.sku", operator: "eq", value: "B-2" }] })).documents.map((document) => document.id)).toEqual([ids.first]);
    expect((await exportJson({ sort: "name.asc", status: "processed" })).documents.map((document) => document.name)).toEqual(["first.pdf", "second.pdf"]);
  });

  it.each(["json", "xml", "csv", "xlsx"])("writes a valid empty %s file when nothing matches", async (format) => {
    const file = await exportFile({ format, status: "rejected" });
    expect(file.status).toBe(200);
    if (format === "json") expect((JSON.parse(file.bytes.toString("utf8")) as JsonExport).documents).toEqual([]);
    if (format === "xml") expect(file.bytes.toString("utf8")).toMatch(/<\/fields>\s*<\/export>\s*$/);
    if (format === "csv") expect(parseCsv(file.bytes, { bom: true })).toHaveLength(1);
    if (format === "xlsx") {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.rowCount)).toEqual([1, 1]);
    }
  });
});

describe("export errors", () => {
  it.each([
    ["an unknown format", { format: "pdf" }, "format"],
    ["no format", {}, "format"],
    ["an unknown key", { format: "json", teamId: "x" }, ""],
    ["an id that is not a UUID", { format: "json", documentIds: ["nope"] }, "documentIds.0"],
    ["an empty id list", { format: "json", documentIds: [] }, "documentIds"],
    ["includeSources that is not a boolean", { format: "json", includeSources: "yes" }, "includeSources"],
    ["an unknown status", { format: "json", status: "done" }, "status"],
  ])("answers %s with 400", async (_label, body, path) => {
    const response = await call<ErrorAnswer>(exportPath(), { key: acme(), body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: "VALIDATION" });
    if (path) expect(response.body.issues!.map((issue) => issue.path)).toContain(path);
    else expect(response.body.message).toContain("teamId");
  });

  it("answers malformed JSON with 400", async () => {
    const response = await call<ErrorAnswer>(exportPath(), { key: acme(), rawBody: "{format:", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
  });

  it("answers another team's parser and another team's documents with 404, never their data", async () => {
    const theirs = await call<ErrorAnswer>(exportPath(), { key: globex(), body: { format: "json" } });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: true, code: "NOT_FOUND", message: "Parser not found", notFound: [{ type: "parserId", value: parser.id }] });
    const globexParser = await makeParser(globex());
    const mixed = await call<ErrorAnswer>(exportPath(globexParser.id), { key: globex(), body: { format: "csv", documentIds: [ids.first] } });
    expect(mixed.status).toBe(404);
    expect(mixed.body).toMatchObject({ message: "Document not found", notFound: [{ type: "documentId", value: ids.first }] });
    const unknown = "00000000-0000-4000-8000-000000000000";
    const partly = await call<ErrorAnswer>(exportPath(), { key: acme(), body: { format: "json", documentIds: [ids.first, unknown] } });
    expect(partly.status).toBe(404);
    expect(partly.body.notFound).toEqual([{ type: "documentId", value: unknown }]);
    expect((await call(exportPath(), { key: acme(), body: { format: "json", folderId: unknown } })).status).toBe(404);
  });

  it("needs the exports.read permission: 403 for a key without it and for a reviewer, 401 without a key", async () => {
    const key = await freshKey(acme(), ["documents.read", "parsers.read"]);
    const denied = await call<ErrorAnswer>(exportPath(), { key: key.key, body: { format: "json" } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain("exports.read");
    const exportOnly = await freshKey(acme(), ["exports.read"]);
    expect((await exportFile({ format: "json" }, exportOnly.key)).status).toBe(200);
    const reviewer = await addMemberAndSignIn(seedTeam("Acme").apiKey, "reviewer");
    expect((await call(exportPath(), { key: reviewer.token, body: { format: "json" } })).status).toBe(403);
    expect((await call(exportPath(), { body: { format: "json" } })).status).toBe(401);
  });

  it("lets a member's console token export, as the console's dialog does", async () => {
    const member = await addMemberAndSignIn(seedTeam("Acme").apiKey, "member");
    const file = await exportFile({ format: "csv", documentIds: [ids.second] }, member.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(".csv");
  });

  it("is described in the OpenAPI document as a file response", async () => {
    const document = await call<{ paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content: Record<string, unknown> }>; "x-permission": string }>> }>("/api/v1/openapi.json");
    const operation = document.body.paths["/parsers/{parserId}/export"]!.post!;
    expect(operation.operationId).toBe("exportDocuments");
    expect(operation["x-permission"]).toBe("exports.read");
    expect(Object.keys(operation.responses["200"]!.content)).toEqual(["application/json", "application/xml", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
  });
});
