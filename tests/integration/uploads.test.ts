import { beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, freshKey, quarry, seedTeam } from "../support/http";
import { makeParser, type ParserBody } from "../support/parsers";

type UploadItem = { id: string; documentId: string; name: string; url: string; status: string; isProcessed: boolean; message: string; operationName: string; pageCount: number; externalId: string | null; custom: Record<string, unknown> };
type DataView = { data: Record<string, unknown>; error: string | null; metadata: { status: string; thumbnail: string | null; isProcessed: boolean; field_metadata: Record<string, { confidence: number; corrected?: boolean }>; pageCount: number; externalId: string | null } };

const INVOICE = ["ACME Supplies Ltd", "Invoice Number: INV-2024-0042", "Invoice Date: 2024-03-15", "Total: 1,234.56 EUR"];
const FIELDS = [
  { name: "invoiceNumber", type: "text", description: "Invoice number" },
  { name: "invoiceDate", type: "date", description: "Invoice date" },
  { name: "total", type: "currency", description: "Total amount due" },
];

let key: string;
let parser: ParserBody;

beforeAll(async () => {
  key = (await freshKey(seedTeam("Acme").apiKey)).key;
  parser = await makeParser(key, { fields: FIELDS });
});

async function upload(files: { name: string; bytes: Uint8Array; type?: string }[], fields: Record<string, string> = {}, parserId = parser.id, withKey = key) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([Buffer.from(file.bytes)], { type: file.type ?? "application/pdf" }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${withKey}` }, body: form });
  return { status: response.status, body: (await response.json()) as { success: boolean; result: UploadItem[]; message?: string } };
}

async function dataOf(documentId: string) {
  return call<DataView>(`/api/v1/process/${parser.id}/files/data?documentId=${documentId}`, { key });
}

async function waitUntilDone(documentId: string): Promise<DataView> {
  let view: DataView | undefined;
  await expect
    .poll(
      async () => {
        view = (await dataOf(documentId)).body;
        return view.metadata.status;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toMatch(/^(processed|failed|skipped)$/);
  return view!;
}

describe("upload by file", () => {
  it("stores, queues and extracts a PDF: data, sources and a working file link", async () => {
    const pdf = await textPdf(INVOICE);
    const uploaded = await upload([{ name: "invoice.pdf", bytes: pdf }], { externalIds: JSON.stringify(["erp-42"]), custom: JSON.stringify([{ batch: 7 }]) });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.success).toBe(true);
    const [item] = uploaded.body.result;
    expect(item).toMatchObject({ name: "invoice.pdf", status: "processing", isProcessed: false, externalId: "erp-42", custom: { batch: 7 }, pageCount: 0 });
    expect(item!.documentId).toBe(item!.id);
    expect(item!.message).toContain(item!.operationName);
    const file = await fetch(item!.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    const view = await waitUntilDone(item!.id);
    expect(view.metadata).toMatchObject({ status: "processed", isProcessed: true, pageCount: 1, externalId: "erp-42" });
    expect(view.data).toMatchObject({ invoiceNumber: "INV-2024-0042", invoiceDate: "2024-03-15", total: 1234.56 });
    expect(view.metadata.field_metadata.invoiceNumber!.confidence).toBeGreaterThan(0);
    expect(view.error).toBeNull();

    // Page 1 was drawn while processing: the thumbnail is a signed link to that WebP, in the data and full views.
    const thumbnail = await fetch(view.metadata.thumbnail!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const image = Buffer.from(await thumbnail.arrayBuffer());
    expect([image.subarray(0, 4).toString("latin1"), image.subarray(8, 12).toString("latin1")]).toEqual(["RIFF", "WEBP"]);
    const full = await call<{ metadata: { thumbnail: string | null } }>(`/api/v1/parsers/${parser.id}/documents/${item!.id}`, { key });
    expect(full.body.metadata.thumbnail).toMatch(/\/api\/files\//);

    // Deleting the document removes its file and its preview; their links then answer 404, not 500.
    expect((await call(`/api/v1/parsers/${parser.id}/documents/${item!.id}`, { key, method: "DELETE" })).status).toBe(200);
    const gone = await fetch(item!.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: true, message: "The file no longer exists" });
    expect((await fetch(view.metadata.thumbnail!)).status).toBe(404);
  }, 120_000);

  it("takes several files in one request", async () => {
    const uploaded = await upload([
      { name: "a.pdf", bytes: await textPdf(["Invoice Number: A-1"]) },
      { name: "b.pdf", bytes: await textPdf(["Invoice Number: B-2"]) },
    ]);
    expect(uploaded.body.result.map((item) => item.name)).toEqual(["a.pdf", "b.pdf"]);
  });

  it("checks the type by content, not by name, against what the parser accepts", async () => {
    const text = new TextEncoder().encode("just some text, no PDF here");
    const disguised = await upload([{ name: "invoice.pdf", bytes: text, type: "application/pdf" }]);
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toMatch(/invoice\.pdf is a file of a kind this parser does not accept \(Plain text\)\. This parser accepts/);
    // A real PDF named .png is a PDF, and is accepted.
    expect((await upload([{ name: "scan.png", bytes: await textPdf(["x"]), type: "image/png" }])).status).toBe(200);
  });

  it("answers bad requests with 400 and queues nothing", async () => {
    const pdf = await textPdf(["x"]);
    const cases: [Parameters<typeof upload>[0], Record<string, string>, RegExp][] = [
      [[], {}, /at least one file/],
      [[{ name: "a.pdf", bytes: pdf }], { externalIds: "[1,2]" }, /externalIds/],
      [[{ name: "a.pdf", bytes: pdf }], { externalIds: JSON.stringify(["a", "b"]) }, /one entry per file/],
      [[{ name: "a.pdf", bytes: pdf }], { custom: "{not json" }, /JSON-encoded array/],
      [[{ name: "a.pdf", bytes: pdf }], { teamId: "x" }, /Unrecognized form field/],
      [[{ name: "empty.pdf", bytes: new Uint8Array() }], {}, /empty/],
    ];
    for (const [files, fields, message] of cases) {
      const response = await upload(files, fields);
      expect(response.status, String(message)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const json = await call("/api/v1/process/" + parser.id + "/files", { key, body: { file: "x" } });
    expect(json.status).toBe(400);
  });

  it("refuses an unknown folder, another team's parser, and a key without documents.write", async () => {
    const pdf = await textPdf(["x"]);
    // An unknown, deleted or other parser's folder is invalid input (spec), by file and by URL.
    const folder = await upload([{ name: "a.pdf", bytes: pdf }], { folderId: "00000000-0000-4000-8000-000000000000" });
    expect(folder.status).toBe(400);
    expect(folder.body.message).toMatch(/folderId/);
    const otherParser = await call<{ id: string }>("/api/v1/parsers", { key, body: { name: `Other ${Date.now()}` } });
    const otherFolder = await call<{ id: string }>(`/api/v1/parsers/${otherParser.body.id}/folders`, { key, body: { name: "Elsewhere" } });
    expect((await upload([{ name: "a.pdf", bytes: pdf }], { folderId: otherFolder.body.id })).status).toBe(400);
    const deleted = await call<{ id: string }>(`/api/v1/parsers/${parser.id}/folders`, { key, body: { name: `Gone ${Date.now()}` } });
    expect((await call(`/api/v1/parsers/${parser.id}/folders/${deleted.body.id}`, { key, method: "DELETE" })).status).toBe(200);
    expect((await upload([{ name: "a.pdf", bytes: pdf }], { folderId: deleted.body.id })).status).toBe(400);
    const byUrl = await call(`/api/v1/process/${parser.id}/urls`, { key, body: { urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`], folderId: deleted.body.id } });
    expect(byUrl.status).toBe(400);
    const globexKey = (await freshKey(seedTeam("Globex").apiKey)).key;
    expect((await upload([{ name: "a.pdf", bytes: pdf }], {}, parser.id, globexKey)).status).toBe(404);
    const readOnly = (await freshKey(seedTeam("Acme").apiKey, ["documents.read"])).key;
    expect((await upload([{ name: "a.pdf", bytes: pdf }], {}, parser.id, readOnly)).status).toBe(403);
  });
});

describe("upload by URL", () => {
  it("downloads through the safe fetch, then extracts", async () => {
    const response = await call<{ result: UploadItem[] }>(`/api/v1/process/${parser.id}/urls`, {
      key,
      body: { urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`, `${quarry().fixtureBaseUrl}/download`], externalIds: ["u-1", null] },
    });
    expect(response.status).toBe(200);
    expect(response.body.result.map((item) => [item.name, item.externalId])).toEqual([
      ["invoice.pdf", "u-1"],
      ["from-header.pdf", null],
    ]);
    const view = await waitUntilDone(response.body.result[0]!.id);
    expect(view.data).toMatchObject({ invoiceNumber: "INV-URL-7", total: 99.5 });
  }, 120_000);

  it("refuses private, metadata and failing URLs, names the URL, and queues nothing", async () => {
    const before = await call<{ pagination: { total: number } }>(`/api/v1/parsers/${parser.id}/documents?limit=1`, { key });
    const cases: [string[], RegExp][] = [
      [[`${quarry().fixtureBaseUrl}/invoice.pdf`, "http://127.0.0.1:1/secret"], /urls\[1\].*(private|loopback|not allowed)/i],
      [["http://169.254.169.254/latest/meta-data/"], /urls\[0\]/],
      [[`${quarry().fixtureBaseUrl}/to-metadata`], /urls\[0\]/],
      [[`${quarry().fixtureBaseUrl}/missing.pdf`], /HTTP 404/],
      [["file:///etc/passwd"], /urls\[0\]/],
    ];
    for (const [urls, message] of cases) {
      const response = await call<{ message: string }>(`/api/v1/process/${parser.id}/urls`, { key, body: { urls } });
      expect(response.status, urls.join()).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const after = await call<{ pagination: { total: number } }>(`/api/v1/parsers/${parser.id}/documents?limit=1`, { key });
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });

  it("validates the request body", async () => {
    const url = `${quarry().fixtureBaseUrl}/invoice.pdf`;
    for (const body of [{ urls: [] }, { urls: Array(21).fill(url) }, { urls: [url], externalIds: ["a", "b"] }, { urls: [url], custom: [] }, { urls: [url], teamId: "x" }]) {
      expect((await call(`/api/v1/process/${parser.id}/urls`, { key, body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe("reprocess and corrections", () => {
  it("reprocesses by id or external id, and needs exactly one of them", async () => {
    const [item] = (await upload([{ name: "r.pdf", bytes: await textPdf(INVOICE) }], { externalIds: JSON.stringify(["re-1"]) })).body.result;
    await waitUntilDone(item!.id);
    const again = await call<{ result: UploadItem[] }>(`/api/v1/process/${parser.id}/reprocess`, { key, body: { externalId: "re-1" } });
    expect(again.status).toBe(200);
    expect(again.body.result[0]).toMatchObject({ id: item!.id, status: "processing" });
    expect((await waitUntilDone(item!.id)).data.invoiceNumber).toBe("INV-2024-0042");
    expect((await call(`/api/v1/parsers/${parser.id}/documents/${item!.id}/reprocess`, { key, body: {} })).status).toBe(200);
    await waitUntilDone(item!.id);
    for (const body of [{}, { documentId: item!.id, externalId: "re-1" }]) {
      expect((await call(`/api/v1/process/${parser.id}/reprocess`, { key, body })).status).toBe(400);
    }
    expect((await call(`/api/v1/process/${parser.id}/reprocess`, { key, body: { documentId: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
  }, 180_000);

  it("corrects values, validated against the fields", async () => {
    const [item] = (await upload([{ name: "c.pdf", bytes: await textPdf(INVOICE) }])).body.result;
    await waitUntilDone(item!.id);
    const corrected = await call<DataView>(`/api/v1/process/${parser.id}/files/data`, { method: "PATCH", key, body: { documentId: item!.id, data: { total: 1300 } } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ total: 1300, invoiceNumber: "INV-2024-0042" });
    expect(corrected.body.metadata.field_metadata.total).toMatchObject({ confidence: 1, corrected: true });
    const wrong = await call<{ message: string }>(`/api/v1/process/${parser.id}/files/data`, { method: "PATCH", key, body: { documentId: item!.id, data: { total: "lots", nope: 1 } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/total: Expected a number/);
    expect(wrong.body.message).toMatch(/"nope" is not a field/);
  }, 120_000);
});
