import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, freshKey, quarry, seedTeam } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/** Classifiers against the real server: setup, every bad input, upload, routing into parsers, reprocess, tenancy. */

type Rule = { id: string; label: string; targetParserId: string };
type ClassifierBody = {
  id: string;
  name: string;
  isActive: boolean;
  emailAddress: string;
  acceptedFileTypes: { mimeType: string; label: string }[];
  settings: { routing: { rules: Rule[]; fallback: { action: string; targetParserId?: string }; instructions: string }; splitDocuments: Record<string, unknown> };
  counts: { totalDocuments: number; routed: number; skipped: number; failed: number };
};
type ClassifierDocument = {
  id: string;
  name: string;
  source: string;
  status: string;
  isProcessed: boolean;
  isFailed: boolean;
  externalId: string | null;
  routing: { status: string; category: string | null; targetParserId: string | null; targetParserName: string | null; reasoning: string | null; error: string | null };
  targetParser: { id: string; name: string; slug: string } | null;
  routedDocumentId: string | null;
};
type UploadItem = { id: string; documentId: string; name: string; status: string; isProcessed: boolean; message: string; externalId: string | null };

const INVOICE = ["ACME Supplies Ltd", "INVOICE", "Invoice Number: INV-CL-1", "Invoice Date: 2024-03-15", "Total: 120.00 EUR"];
const RECEIPT = ["Corner Cafe", "RECEIPT", "Cash 10.00", "Change 2.50", "Thank you for your visit"];
const LETTER = ["Dear customer,", "we are moving to a new office next month.", "Kind regards"];
const FIELDS = [{ name: "invoiceNumber", type: "text", description: "Invoice number" }];

const keys = keysPerTest();

async function setup(key = keys.acme()) {
  const invoices = await makeParser(key, { fields: FIELDS });
  const receipts = await makeParser(key, { fields: [{ name: "total", type: "currency", description: "Total" }] });
  const created = await call<ClassifierBody>("/api/v1/classifiers", {
    key,
    body: { name: "Mailroom", routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }, { label: "Receipt", targetParserId: receipts.id }], fallback: { action: "skip" } } },
  });
  expect(created.status).toBe(201);
  return { invoices, receipts, classifier: created.body };
}

async function upload(classifierId: string, files: { name: string; bytes: Uint8Array }[], fields: Record<string, string> = {}, key = keys.acme()) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([Buffer.from(file.bytes)], { type: "application/pdf" }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${baseUrl()}/api/v1/classify/${classifierId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  return { status: response.status, body: (await response.json()) as { success: boolean; result: UploadItem[]; message?: string } };
}

async function settled(classifierId: string, documentId: string): Promise<ClassifierDocument> {
  let document: ClassifierDocument | undefined;
  await expect
    .poll(
      async () => {
        document = (await call<ClassifierDocument>(`/api/v1/classifiers/${classifierId}/documents/${documentId}`, { key: keys.acme() })).body;
        return document.status;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toMatch(/^(routed|skipped|failed)$/);
  return document!;
}

describe("create, read and update", () => {
  it("creates a classifier with rule ids and an e-mail address, and lists it without parser settings", async () => {
    const { classifier, invoices } = await setup();
    expect(classifier).toMatchObject({ name: "Mailroom", isActive: true, counts: { totalDocuments: 0, routed: 0, skipped: 0, failed: 0 } });
    expect(classifier.emailAddress).toMatch(/^mailroom-[0-9a-f]{6}@inbound\.localhost$/);
    expect(classifier.settings.routing.rules[0]).toEqual({ id: expect.any(String), label: "Invoice", targetParserId: invoices.id });
    expect(classifier.acceptedFileTypes.map((type) => type.mimeType)).toContain("application/pdf");

    const list = await call<{ data: (ClassifierBody & Record<string, unknown>)[] }>("/api/v1/classifiers", { key: keys.acme() });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((row) => row.id === classifier.id)!;
    expect(listed).toBeDefined();
    for (const key of ["fields", "exports", "reviewStages", "review"]) expect(listed).not.toHaveProperty(key);
    expect(Object.keys(listed.settings).sort()).toEqual(["routing", "splitDocuments"]);
    expect((await call(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme() })).body).toMatchObject({ id: classifier.id, name: "Mailroom" });
    // A classifier is not a parser: the parser routes say so, and the parser list leaves it out.
    const asParser = await call<{ message: string }>(`/api/v1/parsers/${classifier.id}`, { key: keys.acme() });
    expect(asParser.status).toBe(404);
    expect(asParser.body.message).toContain("classifier");
  });

  it("accepts, by default, every type its target parsers accept (their union)", async () => {
    const text = await makeParser(keys.acme(), { fields: FIELDS, acceptedFileTypes: ["text/plain"] });
    const pdf = await makeParser(keys.acme(), { fields: FIELDS, acceptedFileTypes: ["application/pdf", "image/png"] });
    const created = await call<ClassifierBody>("/api/v1/classifiers", {
      key: keys.acme(),
      body: { name: "Union", routing: { rules: [{ label: "Note", targetParserId: text.id }], fallback: { action: "route", targetParserId: pdf.id } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.acceptedFileTypes.map((type) => type.mimeType).sort()).toEqual(["application/pdf", "image/png", "text/plain"]);
    const form = new FormData();
    form.append("file", new Blob(["Dear customer, a plain note."], { type: "text/plain" }), "note.txt");
    const response = await fetch(`${baseUrl()}/api/v1/classify/${created.body.id}/files`, { method: "POST", headers: { authorization: `Bearer ${keys.acme()}` }, body: form });
    expect(response.status).toBe(200);
  });

  it("answers every bad create body with 400 and a message naming the problem", async () => {
    const { invoices } = await setup();
    const archived = await makeParser(keys.acme());
    expect((await call(`/api/v1/parsers/${archived.id}`, { key: keys.acme(), method: "PATCH", body: { isActive: false } })).status).toBe(200);
    const theirs = await makeParser(keys.globex());
    const { classifier: another } = await setup();
    const rule = { label: "Invoice", targetParserId: invoices.id };
    const cases: [unknown, RegExp][] = [
      [{ routing: { rules: [rule] } }, /name/],
      [{ name: "x" }, /routing/],
      [{ name: "x", routing: { rules: [] } }, /at least one routing rule/],
      [{ name: "x", routing: { rules: [rule] }, fields: [] }, /Unrecognized key/],
      [{ name: "x", routing: { rules: [rule], extra: 1 } }, /Unrecognized key/],
      [{ name: "x", routing: { rules: [{ label: "", targetParserId: invoices.id }] } }, /Label is required/],
      [{ name: "x", routing: { rules: [rule, { ...rule, label: "invoice" }] } }, /listed twice/],
      [{ name: "x", routing: { rules: [{ label: "A", targetParserId: "not-a-uuid" }] } }, /is not a valid id/],
      [{ name: "x", routing: { rules: [rule], fallback: { action: "delete" } } }, /fallback\.action/],
      [{ name: "x", routing: { rules: [rule], fallback: { action: "route" } } }, /Required when the fallback action is route/],
      [{ name: "x", routing: { rules: [rule], fallback: { action: "route", targetParserId: theirs.id } } }, /fallback\.targetParserId: .*not an active document parser/],
      [{ name: "x", routing: { rules: [{ label: "A", targetParserId: theirs.id }] } }, /rules\.0\.targetParserId: .*not an active document parser/],
      [{ name: "x", routing: { rules: [{ label: "A", targetParserId: archived.id }] } }, /not an active document parser/],
      [{ name: "x", routing: { rules: [{ label: "A", targetParserId: another.id }] } }, /not an active document parser/],
      [{ name: "x", routing: { rules: [rule] }, splitDocuments: { enabled: true, mode: "everyXPages" } }, /everyXPages/],
      [{ name: "x", routing: { rules: [rule] }, splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "a" } }, /no fields/],
      [{ name: "x", routing: { rules: [rule] }, acceptedFileTypes: ["application/x-nope"] }, /acceptedFileTypes/],
      [{ name: "x", routing: { rules: [rule] }, isActive: "yes" }, /isActive/],
      [{ name: "x", routing: { rules: [rule] }, instructions: "top-level" }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const response = await call<{ error: boolean; message: string }>("/api/v1/classifiers", { key: keys.acme(), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(true);
      expect(response.body.message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await call("/api/v1/classifiers", { key: keys.acme(), rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
  });

  it("updates with the create keys only, keeping rule ids that are sent back", async () => {
    const { classifier, receipts } = await setup();
    const [invoiceRule] = classifier.settings.routing.rules;
    const patched = await call<ClassifierBody>(`/api/v1/classifiers/${classifier.id}`, {
      key: keys.acme(),
      method: "PATCH",
      body: { name: "Renamed", routing: { rules: [invoiceRule, { label: "Credit note", targetParserId: receipts.id }], fallback: { action: "route", targetParserId: receipts.id }, instructions: "Credit notes say 'Gutschrift'." } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe("Renamed");
    expect(patched.body.emailAddress).toBe(classifier.emailAddress);
    expect(patched.body.settings.routing.rules.map((rule) => rule.label)).toEqual(["Invoice", "Credit note"]);
    expect(patched.body.settings.routing.rules[0]!.id).toBe(invoiceRule!.id);
    expect(patched.body.settings.routing.fallback).toEqual({ action: "route", targetParserId: receipts.id });

    for (const body of [{ emailAddress: "x@y" }, { routing: { rules: [] } }, { settings: {} }, { isActive: 1 }]) {
      const response = await call(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme(), method: "PATCH", body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await call<ClassifierBody>(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme() });
    expect(unchanged.body.name).toBe("Renamed");
  });
});

describe("tenancy and permissions", () => {
  it("answers another team's classifier and its documents with 404 on every route", async () => {
    const { classifier } = await setup();
    const [document] = (await upload(classifier.id, [{ name: "letter.pdf", bytes: await textPdf(LETTER) }])).body.result;
    const other = keys.globex();
    const checks = [
      await call(`/api/v1/classifiers/${classifier.id}`, { key: other }),
      await call(`/api/v1/classifiers/${classifier.id}`, { key: other, method: "PATCH", body: { name: "Stolen" } }),
      await call(`/api/v1/classifiers/${classifier.id}/documents`, { key: other }),
      await call(`/api/v1/classifiers/${classifier.id}/documents/${document!.id}`, { key: other }),
      await call(`/api/v1/classifiers/${classifier.id}/documents/${document!.id}/reprocess`, { key: other, method: "POST" }),
      await call(`/api/v1/classify/${classifier.id}/urls`, { key: other, body: { urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`] } }),
      await upload(classifier.id, [{ name: "a.pdf", bytes: await textPdf(INVOICE) }], {}, other),
    ];
    for (const response of checks) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: true });
      expect(JSON.stringify(response.body)).not.toContain("Mailroom");
    }
    const list = await call<{ data: { id: string }[] }>("/api/v1/classifiers", { key: other });
    expect(list.body.data.map((row) => row.id)).not.toContain(classifier.id);
    // Ids that cannot exist, and a document of another classifier, are 404s too.
    const { classifier: second } = await setup();
    expect((await call(`/api/v1/classifiers/${second.id}/documents/${document!.id}`, { key: keys.acme() })).status).toBe(404);
    expect((await call("/api/v1/classifiers/not-a-uuid", { key: keys.acme() })).status).toBe(404);
  });

  it("needs classifiers.read to read, classifiers.write to change and documents.write to upload", async () => {
    const { classifier } = await setup();
    const readOnly = (await freshKey(seedTeam("Acme").apiKey, ["classifiers.read"])).key;
    expect((await call(`/api/v1/classifiers/${classifier.id}`, { key: readOnly })).status).toBe(200);
    expect((await call(`/api/v1/classifiers/${classifier.id}`, { key: readOnly, method: "PATCH", body: { name: "x" } })).status).toBe(403);
    expect((await call("/api/v1/classifiers", { key: readOnly, body: { name: "x", routing: { rules: [] } } })).status).toBe(403);
    expect((await upload(classifier.id, [{ name: "a.pdf", bytes: await textPdf(INVOICE) }], {}, readOnly)).status).toBe(403);
    const parsersOnly = (await freshKey(seedTeam("Acme").apiKey, ["parsers.read"])).key;
    expect((await call("/api/v1/classifiers", { key: parsersOnly })).status).toBe(403);
    expect((await call("/api/v1/classifiers")).status).toBe(401);
  });
});

describe("upload, classify and route", () => {
  it("routes a mixed batch into the right parsers, where each is extracted, and skips what no rule matches", async () => {
    const { classifier, invoices, receipts } = await setup();
    const uploaded = await upload(
      classifier.id,
      [
        { name: "invoice.pdf", bytes: await textPdf(INVOICE) },
        { name: "receipt.pdf", bytes: await textPdf(RECEIPT) },
        { name: "letter.pdf", bytes: await textPdf(LETTER) },
      ],
      { externalIds: JSON.stringify(["erp-1", null, "erp-3"]), custom: JSON.stringify([{ batch: 1 }, null, null]) },
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.result.map((item) => [item.name, item.status, item.isProcessed, item.externalId])).toEqual([
      ["invoice.pdf", "processing", false, "erp-1"],
      ["receipt.pdf", "processing", false, null],
      ["letter.pdf", "processing", false, "erp-3"],
    ]);
    expect(uploaded.body.result[0]!.message).toMatch(/Classification started/);
    const [invoice, receipt, letter] = await Promise.all(uploaded.body.result.map((item) => settled(classifier.id, item.id)));

    expect(invoice).toMatchObject({
      status: "routed",
      isProcessed: true,
      routing: { status: "routed", category: "Invoice", targetParserId: invoices.id, targetParserName: invoices.name, error: null },
      targetParser: { id: invoices.id, name: invoices.name, slug: expect.any(String) },
    });
    expect(invoice!.routing.reasoning).toMatch(/invoice/i);
    expect(receipt).toMatchObject({ status: "routed", routing: { category: "Receipt", targetParserId: receipts.id }, targetParser: { id: receipts.id } });
    expect(letter).toMatchObject({ status: "skipped", isProcessed: true, routing: { status: "skipped", category: null, targetParserId: null }, targetParser: null, routedDocumentId: null });
    expect(letter!.routing.reasoning).toMatch(/skipped/);

    // The routed document is an ordinary document of the target parser, extracted with that parser's fields.
    type Full = { status: string; source: string; externalId: string | null; custom: Record<string, unknown>; data: Record<string, unknown> };
    let routed: Full | undefined;
    await expect
      .poll(async () => {
        routed = (await call<Full>(`/api/v1/parsers/${invoices.id}/documents/${invoice!.routedDocumentId}`, { key: keys.acme() })).body;
        return routed.status;
      }, { timeout: 90_000, interval: 500 })
      .toBe("processed");
    expect(routed).toMatchObject({ source: "classifier", externalId: "erp-1", custom: { batch: 1 }, data: { invoiceNumber: "INV-CL-1" } });

    const counted = await call<ClassifierBody>(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme() });
    expect(counted.body.counts).toEqual({ totalDocuments: 3, routed: 2, skipped: 1, failed: 0 });
    const listed = (await call<{ data: ClassifierBody[] }>("/api/v1/classifiers", { key: keys.acme() })).body.data.find((row) => row.id === classifier.id);
    expect(listed!.counts).toEqual({ totalDocuments: 3, routed: 2, skipped: 1, failed: 0 });
  }, 180_000);

  it("lists documents newest first with limit, page and a status filter", async () => {
    const { classifier } = await setup();
    const uploaded = await upload(classifier.id, [
      { name: "one.pdf", bytes: await textPdf(LETTER) },
      { name: "two.pdf", bytes: await textPdf(INVOICE) },
    ]);
    await Promise.all(uploaded.body.result.map((item) => settled(classifier.id, item.id)));
    type Page = { data: ClassifierDocument[]; pagination: { page: number; limit: number; total: number; pageCount: number } };
    const first = await call<Page>(`/api/v1/classifiers/${classifier.id}/documents?limit=1`, { key: keys.acme() });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, total: 2, pageCount: 2 });
    const second = await call<Page>(`/api/v1/classifiers/${classifier.id}/documents?limit=1&page=2`, { key: keys.acme() });
    expect(second.body.data[0]!.id).not.toBe(first.body.data[0]!.id);
    const skipped = await call<Page>(`/api/v1/classifiers/${classifier.id}/documents?status=skipped`, { key: keys.acme() });
    expect(skipped.body.data.map((row) => row.name)).toEqual(["one.pdf"]);
    for (const query of ["limit=0", "limit=101", "page=0", "status=done", "sort=name"]) {
      expect((await call(`/api/v1/classifiers/${classifier.id}/documents?${query}`, { key: keys.acme() })).status, query).toBe(400);
    }
  }, 120_000);

  it("reprocesses a skipped document after a rule is added, and refuses a routed one", async () => {
    const { classifier, invoices } = await setup();
    const [letter] = (await upload(classifier.id, [{ name: "letter.pdf", bytes: await textPdf(LETTER) }])).body.result;
    expect((await settled(classifier.id, letter!.id)).status).toBe("skipped");
    const rules = [...classifier.settings.routing.rules, { label: "Letter", targetParserId: invoices.id }];
    const patched = await call(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme(), method: "PATCH", body: { routing: { rules, fallback: { action: "skip" }, instructions: "A letter starts with 'Dear customer'." } } });
    expect(patched.status).toBe(200);
    const again = await call<ClassifierDocument>(`/api/v1/classifiers/${classifier.id}/documents/${letter!.id}/reprocess`, { key: keys.acme(), method: "POST" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: letter!.id, status: "queued", routing: { status: "pending" } });
    const routed = await settled(classifier.id, letter!.id);
    expect(routed).toMatchObject({ status: "routed", routing: { category: "Letter", targetParserId: invoices.id } });
    const refused = await call<{ message: string }>(`/api/v1/classifiers/${classifier.id}/documents/${letter!.id}/reprocess`, { key: keys.acme(), method: "POST" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/skipped or failed/);
    expect((await call<ClassifierBody>(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme() })).body.counts).toEqual({ totalDocuments: 1, routed: 1, skipped: 0, failed: 0 });
  }, 120_000);

  it("fails a document with a routing error when its target parser was archived, and routes it once restored", async () => {
    const { classifier, receipts } = await setup();
    expect((await call(`/api/v1/parsers/${receipts.id}`, { key: keys.acme(), method: "PATCH", body: { isActive: false } })).status).toBe(200);
    const [receipt] = (await upload(classifier.id, [{ name: "receipt.pdf", bytes: await textPdf(RECEIPT) }])).body.result;
    const failed = await settled(classifier.id, receipt!.id);
    expect(failed).toMatchObject({ status: "failed", isFailed: true, routing: { status: "failed", category: "Receipt", error: expect.stringMatching(/archived/) } });
    expect((await call(`/api/v1/parsers/${receipts.id}`, { key: keys.acme(), method: "PATCH", body: { isActive: true } })).status).toBe(200);
    expect((await call(`/api/v1/classifiers/${classifier.id}/documents/${receipt!.id}/reprocess`, { key: keys.acme(), method: "POST" })).status).toBe(200);
    expect(await settled(classifier.id, receipt!.id)).toMatchObject({ status: "routed", routing: { error: null } });
  }, 120_000);

  it("refuses bad uploads with 400 and stores nothing", async () => {
    const { classifier } = await setup();
    const pdf = await textPdf(INVOICE);
    const cases: [{ name: string; bytes: Uint8Array }[], Record<string, string>, RegExp][] = [
      [[], {}, /at least one file/],
      [[{ name: "a.pdf", bytes: new TextEncoder().encode("plain text") }], {}, /a file of a kind this classifier does not accept \(Plain text\)\. This classifier accepts/],
      [[{ name: "a.pdf", bytes: new Uint8Array() }], {}, /empty/],
      [[{ name: "a.pdf", bytes: pdf }], { externalIds: JSON.stringify(["a", "b"]) }, /one entry per file/],
      [[{ name: "a.pdf", bytes: pdf }], { custom: "{nope" }, /JSON-encoded array/],
      [[{ name: "a.pdf", bytes: pdf }], { folderId: "00000000-0000-4000-8000-000000000000" }, /no folders/],
      [[{ name: "a.pdf", bytes: pdf }], { teamId: "x" }, /Unrecognized form field/],
    ];
    for (const [files, fields, message] of cases) {
      const response = await upload(classifier.id, files, fields);
      expect(response.status, String(message)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await call(`/api/v1/classify/${classifier.id}/files`, { key: keys.acme(), body: { file: "x" } })).status).toBe(400);
    expect((await call<{ pagination: { total: number } }>(`/api/v1/classifiers/${classifier.id}/documents`, { key: keys.acme() })).body.pagination.total).toBe(0);
    expect((await call(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme(), method: "PATCH", body: { isActive: false } })).status).toBe(200);
    const inactive = await upload(classifier.id, [{ name: "a.pdf", bytes: pdf }]);
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toMatch(/inactive/);
  });

  it("imports URLs through the safe fetch, refusing private targets and queueing nothing then", async () => {
    const { classifier, invoices } = await setup();
    const imported = await call<{ success: boolean; result: UploadItem[] }>(`/api/v1/classify/${classifier.id}/urls`, {
      key: keys.acme(),
      body: { urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`], externalIds: ["url-1"] },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.result[0]).toMatchObject({ name: "invoice.pdf", externalId: "url-1", status: "processing" });
    const document = await settled(classifier.id, imported.body.result[0]!.id);
    expect(document).toMatchObject({ source: "url", status: "routed", routing: { targetParserId: invoices.id } });

    const cases: [unknown, RegExp][] = [
      [{ urls: ["http://127.0.0.1:1/secret"] }, /urls\[0\]/],
      [{ urls: ["http://169.254.169.254/latest/meta-data/"] }, /urls\[0\]/],
      [{ urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`, `${quarry().fixtureBaseUrl}/missing.pdf`] }, /urls\[1\].*HTTP 404/],
      [{ urls: [] }, /at least one URL/],
      [{ urls: Array.from({ length: 21 }, () => `${quarry().fixtureBaseUrl}/invoice.pdf`) }, /At most 20/],
      [{ urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`], externalIds: ["a", "b"] }, /one entry per URL/],
      [{ urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`], folderId: "00000000-0000-4000-8000-000000000000" }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const response = await call<{ message: string }>(`/api/v1/classify/${classifier.id}/urls`, { key: keys.acme(), body });
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await call<{ pagination: { total: number } }>(`/api/v1/classifiers/${classifier.id}/documents`, { key: keys.acme() })).body.pagination.total).toBe(1);
  }, 120_000);

  it("splits an upload into parts when configured, and routes each part", async () => {
    const { classifier, invoices, receipts } = await setup();
    expect((await call(`/api/v1/classifiers/${classifier.id}`, { key: keys.acme(), method: "PATCH", body: { splitDocuments: { enabled: true, mode: "pageRanges", pageRanges: "1,2" } } })).status).toBe(200);
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const lines of [INVOICE, RECEIPT]) {
      const page = pdf.addPage([595, 842]);
      lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
    }
    const [batch] = (await upload(classifier.id, [{ name: "batch.pdf", bytes: await pdf.save() }])).body.result;
    let parts: ClassifierDocument[] = [];
    await expect
      .poll(async () => {
        parts = (await call<{ data: ClassifierDocument[] }>(`/api/v1/classifiers/${classifier.id}/documents`, { key: keys.acme() })).body.data;
        return parts.map((part) => part.status).sort();
      }, { timeout: 90_000, interval: 500 })
      .toEqual(["routed", "routed"]);
    expect(parts.map((part) => [part.name, part.source, part.routing.targetParserId]).sort()).toEqual([
      ["batch (part 1 of 2).pdf", "split", invoices.id],
      ["batch (part 2 of 2).pdf", "split", receipts.id],
    ]);
    expect((await call<ClassifierDocument>(`/api/v1/classifiers/${classifier.id}/documents/${batch!.id}`, { key: keys.acme() })).body.status).toBe("split");
  }, 120_000);
});

describe("inbound e-mail", () => {
  it("classifies the attachments of mail sent to the classifier's address", async () => {
    const { classifier, invoices } = await setup();
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: quarry().smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: "ap@supplier.test",
      to: classifier.emailAddress,
      subject: "Invoice",
      text: "Please find our invoice attached.",
      attachments: [{ filename: "mailed.pdf", content: Buffer.from(await textPdf(INVOICE)), contentType: "application/pdf" }],
    });
    let documents: ClassifierDocument[] = [];
    await expect
      .poll(async () => {
        documents = (await call<{ data: ClassifierDocument[] }>(`/api/v1/classifiers/${classifier.id}/documents`, { key: keys.acme() })).body.data;
        return documents.map((document) => document.status);
      }, { timeout: 90_000, interval: 500 })
      .toEqual(["routed"]);
    expect(documents[0]).toMatchObject({ name: "mailed.pdf", source: "email", routing: { targetParserId: invoices.id } });
  }, 120_000);
});
