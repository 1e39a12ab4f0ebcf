import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, fields, parsers, usageDaily } from "@/lib/db/schema";
import { Image } from "@napi-rs/canvas";
import { PREVIEW_WIDTH, extractDocument } from "@/lib/extraction";
import { verifyFileToken } from "@/lib/storage";
import { localFileStore } from "@/lib/storage/local-store";
import { failInterruptedDocument, processDocument } from "./process-document";
import { sanitiseExtractionError } from "./extraction-run";
import { NOT_REQUIRED_REVIEW, toDocumentFull } from "./to-document";

let handle: DatabaseHandle;
let admin: TestActor;
const store = localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), "quarry-pipeline-")));
// The queue is pg-boss in the app (tested in lib/jobs); here it records what the pipeline queues.
const queued: string[] = [];
const queue = { send: async (_name: string, data: { documentId: string }) => (queued.push(data.documentId), `job-${queued.length}`) };
const deps = { extract: extractDocument, store, queue };

async function invoicePdf(...pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  }
  return pdf.save();
}

async function storedDocument(parserId: string, bytes: Uint8Array, contentType = "application/pdf") {
  const [row] = await handle.db
    .insert(documents)
    .values({ teamId: admin.teamId, parserId, name: "invoice.pdf", status: "queued", source: "api", contentType, fileKey: `${admin.teamId}/${crypto.randomUUID()}/invoice.pdf` })
    .returning();
  await store.put(row!.fileKey!, bytes, contentType);
  return row!;
}

async function invoiceParser() {
  const parser = await makeParser(handle.db, admin.teamId, `Invoices ${crypto.randomUUID().slice(0, 6)}`);
  await handle.db.insert(fields).values([
    { parserId: parser.id, name: "invoiceNumber", type: "text", description: "Invoice number", position: 0 },
    { parserId: parser.id, name: "total", type: "currency", description: "Total amount due", position: 1 },
  ]);
  return parser;
}

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "pipeline-test-secret";
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
});
afterAll(() => handle.close());

describe("processDocument", () => {
  it("extracts a PDF into the parser's fields, with sources, search text and usage", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["ACME Supplies Ltd", "Invoice Number: INV-2024-0042", "Date: 2024-03-15", "Total: 1,234.56 EUR"]));

    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("processed");

    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after).toMatchObject({ status: "processed", pageCount: 1, error: null });
    expect(after!.data.invoiceNumber).toBe("INV-2024-0042");
    expect(after!.data.total).toBe(1234.56);
    expect(after!.fieldMetadata.invoiceNumber).toMatchObject({ confidence: expect.any(Number), source: { page: 1 } });
    expect(after!.searchText).toContain("inv-2024-0042");
    const [usage] = await handle.db.select().from(usageDaily).where(eq(usageDaily.parserId, parser.id));
    expect(usage).toMatchObject({ documents: 1, pages: 1, credits: 1 });
  }, 60_000);

  it("skips a document the document-type rule excludes, and says why", async () => {
    const parser = await invoiceParser();
    await handle.db
      .update(parsers)
      .set({ settings: { ...parser.settings, classificationGate: { enabled: true, mode: "deny", labels: ["Invoice"] } } })
      .where(eq(parsers.id, parser.id));
    const document = await storedDocument(parser.id, await invoicePdf(["INVOICE", "Invoice Number: 7", "Total: 10.00 EUR"]));

    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("skipped");
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after!.status).toBe("skipped");
    expect(after!.error).toMatch(/document type rule/);
  }, 60_000);

  it("stores the first page as a WebP preview that the Document view links to as its thumbnail", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["Invoice Number: INV-7"], ["Page two"]));

    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("processed");

    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after!.previewKey).toBe(`${admin.teamId}/${document.id}/preview.webp`);
    const image = new Image();
    image.src = Buffer.from(await store.get(after!.previewKey!));
    expect(image.width).toBe(PREVIEW_WIDTH);
    expect(image.height / image.width).toBeCloseTo(842 / 595, 2);
    const thumbnail = toDocumentFull({ row: after!, review: NOT_REQUIRED_REVIEW, folder: null }).metadata.thumbnail;
    expect(verifyFileToken(process.env.AUTH_SECRET!, thumbnail!.split("/api/files/")[1]!)).toEqual({ key: after!.previewKey, name: "preview.webp", contentType: "image/webp" });

    // Reprocessing draws it again, in the same place.
    await store.put(after!.previewKey!, new Uint8Array([1, 2, 3]), "image/webp");
    await handle.db.update(documents).set({ status: "queued" }).where(eq(documents.id, document.id));
    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("processed");
    expect((await store.get(after!.previewKey!)).byteLength).toBeGreaterThan(100);
  }, 60_000);

  it("processes a document whose preview cannot be stored, without one", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["Invoice Number: INV-8"]));
    const fullDisk = { ...store, put: () => Promise.reject(new Error("disk full")) };

    expect(await processDocument(handle.db, { deps: { ...deps, store: fullDisk }, documentId: document.id })).toBe("processed");
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after).toMatchObject({ status: "processed", previewKey: null });
    expect(after!.data.invoiceNumber).toBe("INV-8");
    expect(toDocumentFull({ row: after!, review: NOT_REQUIRED_REVIEW, folder: null }).metadata.thumbnail).toBeNull();
  }, 60_000);

  it("fails an unreadable file at once, with a message safe to show", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, new TextEncoder().encode("%PDF-1.7 this is not really a pdf"));

    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("failed");
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after!.status).toBe("failed");
    expect(after!.error).toMatch(/^The document could not be read/);
    expect(after!.error).not.toMatch(/\/work\/|node_modules|\n/);
  }, 60_000);

  it("does nothing for a document deleted before its job ran", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["Invoice Number: 1"]));
    await handle.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, document.id));
    expect(await processDocument(handle.db, { deps, documentId: document.id })).toBe("gone");
  });

  it("lets the queue retry when its store fails, and fails the document on the last attempt", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["Invoice Number: 1"]));
    const brokenStore = { ...store, get: () => Promise.reject(new Error("disk unplugged")) };
    await expect(processDocument(handle.db, { deps: { ...deps, store: brokenStore }, documentId: document.id })).rejects.toThrow("disk unplugged");
    expect(await processDocument(handle.db, { deps: { ...deps, store: brokenStore }, documentId: document.id, finalAttempt: true })).toBe("failed");
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after!.error).toMatch(/after several attempts/);
  });
});

describe("splitting", () => {
  it("splits an upload into one document per invoice, each extracted on its own", async () => {
    const parser = await invoiceParser();
    await handle.db
      .update(parsers)
      .set({ settings: { ...parser.settings, splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "invoiceNumber", partitionKeySource: "parserField" } } })
      .where(eq(parsers.id, parser.id));
    const bytes = await invoicePdf(["Invoice Number: A-100", "Total: 10.00 EUR"], ["Invoice Number: B-200", "Total: 20.00 EUR"], ["continued: terms and conditions"]);
    const upload = await storedDocument(parser.id, bytes);
    queued.length = 0;

    expect(await processDocument(handle.db, { deps, documentId: upload.id })).toBe("split");

    const children = await handle.db.select().from(documents).where(eq(documents.parentDocumentId, upload.id)).orderBy(documents.name);
    expect(children.map((child) => [child.name, child.source, child.status])).toEqual([
      ["invoice (part 1 of 2).pdf", "split", "queued"],
      ["invoice (part 2 of 2).pdf", "split", "queued"],
    ]);
    expect(queued.sort()).toEqual(children.map((child) => child.id).sort());
    const [parent] = await handle.db.select().from(documents).where(eq(documents.id, upload.id));
    expect(parent).toMatchObject({ status: "processed", pageCount: 3 });

    for (const child of children) expect(await processDocument(handle.db, { deps, documentId: child.id })).toBe("processed");
    const done = await handle.db.select().from(documents).where(eq(documents.parentDocumentId, upload.id)).orderBy(documents.name);
    expect(done.map((child) => [child.data.invoiceNumber, child.pageCount])).toEqual([
      ["A-100", 1],
      ["B-200", 2],
    ]);
  }, 120_000);
});

describe("sanitiseExtractionError", () => {
  it("keeps one line and drops server paths", () => {
    const message = sanitiseExtractionError(new Error("Invalid PDF structure at /work/main/node_modules/pdfjs-dist/build/pdf.mjs:12\n    at parse (file.js:1)"));
    expect(message).toBe("The document could not be read: Invalid PDF structure at …:12");
  });

  it("reads the message of an error that crossed from the worker thread as a plain object", () => {
    // pdf.js's exceptions are not genuine Errors, so structured cloning turns them into {name, message}.
    const cloned = structuredClone({ name: "InvalidPDFException", message: "Invalid PDF structure." });
    expect(sanitiseExtractionError(cloned)).toBe("The document could not be read: Invalid PDF structure.");
    expect(sanitiseExtractionError("a thrown string")).toBe("The document could not be read: a thrown string");
  });
});

describe("failInterruptedDocument (the extraction queue's dead letters)", () => {
  it("ends a document whose attempts were all interrupted as failed, and leaves a finished one alone", async () => {
    const parser = await invoiceParser();
    const interrupted = await storedDocument(parser.id, await invoicePdf(["Invoice Number: INV-1"]));
    await handle.db.update(documents).set({ status: "processing" }).where(eq(documents.id, interrupted.id));
    expect(await failInterruptedDocument(handle.db, interrupted.id)).toBe("failed");
    const [failed] = await handle.db.select().from(documents).where(eq(documents.id, interrupted.id));
    expect(failed).toMatchObject({ status: "failed", error: "Processing was interrupted several times; try reprocessing the document" });

    const finished = await storedDocument(parser.id, await invoicePdf(["Invoice Number: INV-2"]));
    expect(await processDocument(handle.db, { deps, documentId: finished.id })).toBe("processed");
    expect(await failInterruptedDocument(handle.db, finished.id)).toBe("gone");
    const [still] = await handle.db.select().from(documents).where(eq(documents.id, finished.id));
    expect(still).toMatchObject({ status: "processed", error: null });
    expect(still!.data.invoiceNumber).toBe("INV-2");
  }, 60_000);
});

describe("processDocument run twice at once", () => {
  it("stores the result, the usage and the event of one attempt only", async () => {
    const parser = await invoiceParser();
    const document = await storedDocument(parser.id, await invoicePdf(["ACME Supplies Ltd", "Invoice Number: INV-2024-0077", "Date: 2024-03-15", "Total: 10.00 EUR"]));
    // A claim handed to a second worker while the first still works on it: both attempts run to the end.
    const outcomes = await Promise.all([processDocument(handle.db, { deps, documentId: document.id }), processDocument(handle.db, { deps, documentId: document.id })]);
    expect(outcomes.sort()).toEqual(["gone", "processed"]);
    const [usage] = await handle.db.select().from(usageDaily).where(eq(usageDaily.parserId, parser.id));
    expect(usage).toMatchObject({ documents: 1, pages: 1 });
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after).toMatchObject({ status: "processed" });
    expect(after!.data.invoiceNumber).toBe("INV-2024-0077");
  }, 60_000);
});
