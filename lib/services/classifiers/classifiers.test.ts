import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, documents } from "@/lib/db/schema";
import { extractDocument } from "@/lib/extraction";
import { fileStore } from "@/lib/storage";
import { createParser, updateParser } from "../parsers";
import { CLASSIFY_QUEUE, createClassifier, getClassifier, getClassifierDocument, listClassifierDocuments, listClassifiers, processClassifierDocument, reprocessClassifierDocument, updateClassifier, uploadToClassifier } from "./index";

let handle: DatabaseHandle;
let acme: TestActor;
let globex: TestActor;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-classifiers-test-"));
// The queue is pg-boss in the app; here it records what was queued, per queue.
const sent: { name: string; documentId: string }[] = [];
const queue = { send: async (name: string, data: { documentId: string }) => (sent.push({ name, documentId: data.documentId }), `job-${sent.length}`) };
const load = async (input: { bytes: Uint8Array; mimeType: string; fileName: string }) => (await extractDocument({ ...input, fields: [], settings: { markdownParsing: false } })).pages;

async function pdf(...pages: string[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  }
  return document.save();
}

const INVOICE = ["ACME Supplies Ltd", "INVOICE", "Invoice Number: INV-7", "Total due: 120.00 EUR"];
const RECEIPT = ["Corner Cafe", "RECEIPT", "Cash 10.00", "Change 2.50", "Thank you for your visit"];
const LETTER = ["Dear customer,", "we are moving to a new office next month.", "Kind regards"];

async function routedSetup() {
  const invoices = await createParser(acme, { name: "Invoices", acceptedFileTypes: ["application/pdf"] });
  const receipts = await createParser(acme, { name: "Receipts", acceptedFileTypes: ["application/pdf"] });
  const classifier = await createClassifier(acme, {
    name: "Mailroom",
    routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }, { label: "Receipt", targetParserId: receipts.id }], fallback: { action: "skip" } },
  });
  return { invoices, receipts, classifier };
}

async function classify(id: string) {
  return processClassifierDocument(handle.db, { deps: { load, store: fileStore(), queue }, documentId: id });
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.AUTH_SECRET = "classifiers-test-secret";
  process.env.INBOUND_DOMAIN = "in.quarry.test";
  handle = await createTestDatabase();
  acme = await makeMember(handle.db, (await makeTeam(handle.db, "Acme")).id, "admin");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("classifier setup", () => {
  it("creates a classifier with rule ids, a mailbox and an audit row", async () => {
    const { classifier, invoices } = await routedSetup();
    expect(classifier).toMatchObject({ name: "Mailroom", isActive: true, counts: { totalDocuments: 0, routed: 0, skipped: 0, failed: 0 } });
    expect(classifier.emailAddress).toMatch(/^mailroom-[0-9a-f]{6}@in\.quarry\.test$/);
    expect(classifier.settings.routing.rules[0]).toMatchObject({ id: expect.any(String), label: "Invoice", targetParserId: invoices.id });
    expect(classifier.settings.routing.fallback).toEqual({ action: "skip" });
    const audits = await handle.db.select().from(auditLog).where(and(eq(auditLog.resourceId, classifier.id), eq(auditLog.action, "classifier.create")));
    expect(audits).toHaveLength(1);
  });

  it("refuses targets that are not active document parsers of the team", async () => {
    const own = await createParser(acme, { name: "Archived" });
    await updateParser(acme, { parserId: own.id, input: { isActive: false } });
    const foreign = await createParser(globex, { name: "Theirs" });
    for (const targetParserId of [own.id, foreign.id, crypto.randomUUID()]) {
      await expect(createClassifier(acme, { name: "x", routing: { rules: [{ label: "A", targetParserId }], fallback: { action: "skip" } } })).rejects.toMatchObject({ status: 400 });
    }
  });

  it("keeps rule ids sent back on update and gives new rules new ids", async () => {
    const { classifier, receipts } = await routedSetup();
    const [first] = classifier.settings.routing.rules;
    const updated = await updateClassifier(acme, { classifierId: classifier.id, input: {
      routing: { rules: [{ id: first!.id, label: "Invoice", targetParserId: first!.targetParserId }, { label: "Credit note", targetParserId: receipts.id }], fallback: { action: "skip" } },
    } });
    expect(updated.settings.routing.rules[0]!.id).toBe(first!.id);
    expect(updated.settings.routing.rules[1]!.id).not.toBe(classifier.settings.routing.rules[1]!.id);
  });

  it("keeps classifiers to their team", async () => {
    const { classifier } = await routedSetup();
    await expect(getClassifier(globex, classifier.id)).rejects.toMatchObject({ status: 404 });
    await expect(updateClassifier(globex, { classifierId: classifier.id, input: { name: "x" } })).rejects.toMatchObject({ status: 404 });
    await expect(listClassifierDocuments(globex, { classifierId: classifier.id, query: { page: 1, limit: 50 } })).rejects.toMatchObject({ status: 404 });
    expect((await listClassifiers(globex)).map((row) => row.id)).not.toContain(classifier.id);
  });

  it("refuses a role without the permission", async () => {
    const reviewer = await makeMember(handle.db, acme.teamId, "reviewer");
    await expect(listClassifiers(reviewer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("classification and routing", () => {
  it("routes an invoice and a receipt to their parsers and skips a letter", async () => {
    const { classifier, invoices, receipts } = await routedSetup();
    const uploaded = await uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [
      { name: "invoice.pdf", bytes: await pdf(INVOICE) },
      { name: "receipt.pdf", bytes: await pdf(RECEIPT) },
      { name: "letter.pdf", bytes: await pdf(LETTER) },
    ], source: "api", externalIds: ["ext-1", null, null] });
    expect(uploaded.map((item) => item.status)).toEqual(["processing", "processing", "processing"]);
    expect(sent.filter((job) => job.name === CLASSIFY_QUEUE).map((job) => job.documentId)).toEqual(expect.arrayContaining(uploaded.map((item) => item.id)));

    expect(await classify(uploaded[0]!.id)).toBe("routed");
    expect(await classify(uploaded[1]!.id)).toBe("routed");
    expect(await classify(uploaded[2]!.id)).toBe("skipped");

    const invoice = await getClassifierDocument(acme, { classifierId: classifier.id, documentId: uploaded[0]!.id });
    expect(invoice).toMatchObject({ status: "routed", isProcessed: true, pageCount: 1, routing: { status: "routed", category: "Invoice", targetParserId: invoices.id, targetParserName: "Invoices" }, targetParser: { id: invoices.id, name: "Invoices" } });
    expect(invoice.routing.reasoning).toMatch(/invoice/i);
    const [routed] = await handle.db.select().from(documents).where(eq(documents.id, invoice.routedDocumentId!));
    expect(routed).toMatchObject({ parserId: invoices.id, source: "classifier", status: "queued", externalId: "ext-1" });
    expect(sent.some((job) => job.name === "extract-document" && job.documentId === routed!.id)).toBe(true);
    expect((await getClassifierDocument(acme, { classifierId: classifier.id, documentId: uploaded[1]!.id })).targetParser?.id).toBe(receipts.id);
    const letter = await getClassifierDocument(acme, { classifierId: classifier.id, documentId: uploaded[2]!.id });
    expect(letter).toMatchObject({ status: "skipped", routing: { status: "skipped", category: null, targetParserId: null }, targetParser: null, routedDocumentId: null });

    expect((await getClassifier(acme, classifier.id)).counts).toEqual({ totalDocuments: 3, routed: 2, skipped: 1, failed: 0 });
    const skipped = await listClassifierDocuments(acme, { classifierId: classifier.id, query: { page: 1, limit: 50, status: "skipped" } });
    expect(skipped.data.map((row) => row.id)).toEqual([letter.id]);
  });

  it("reprocesses a skipped document with the current rules, and only skipped or failed ones", async () => {
    const { classifier, invoices } = await routedSetup();
    const [letter] = await uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [{ name: "letter.pdf", bytes: await pdf(LETTER) }], source: "api" });
    expect(await classify(letter!.id)).toBe("skipped");
    await updateClassifier(acme, { classifierId: classifier.id, input: { routing: { rules: [...classifier.settings.routing.rules, { label: "Letter", targetParserId: invoices.id }], fallback: { action: "skip" }, instructions: "A letter starts with 'Dear customer'." } } });
    const again = await reprocessClassifierDocument(acme, { queue, classifierId: classifier.id, documentId: letter!.id });
    expect(again).toMatchObject({ status: "queued", routing: { status: "pending" } });
    expect(await classify(letter!.id)).toBe("routed");
    expect(await getClassifierDocument(acme, { classifierId: classifier.id, documentId: letter!.id })).toMatchObject({ status: "routed", routing: { category: "Letter" } });
    await expect(reprocessClassifierDocument(acme, { queue, classifierId: classifier.id, documentId: letter!.id })).rejects.toMatchObject({ status: 409 });
  });

  it("fails with a routing error when the target parser was archived or refuses the file type", async () => {
    const { classifier, invoices } = await routedSetup();
    await updateParser(acme, { parserId: invoices.id, input: { isActive: false } });
    const [invoice] = await uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [{ name: "invoice.pdf", bytes: await pdf(INVOICE) }], source: "api" });
    expect(await classify(invoice!.id)).toBe("failed");
    const failed = await getClassifierDocument(acme, { classifierId: classifier.id, documentId: invoice!.id });
    expect(failed).toMatchObject({ status: "failed", isFailed: true, routing: { status: "failed", category: "Invoice", error: expect.stringMatching(/archived/) } });

    await updateParser(acme, { parserId: invoices.id, input: { isActive: true, acceptedFileTypes: ["image/png"] } });
    await reprocessClassifierDocument(acme, { queue, classifierId: classifier.id, documentId: invoice!.id });
    expect(await classify(invoice!.id)).toBe("failed");
    expect((await getClassifierDocument(acme, { classifierId: classifier.id, documentId: invoice!.id })).routing.error).toMatch(/Invoices refused the document: .*This parser accepts: PNG image/);
  });

  it("splits an upload into parts that are classified on their own", async () => {
    const { classifier } = await routedSetup();
    await updateClassifier(acme, { classifierId: classifier.id, input: { splitDocuments: { enabled: true, mode: "everyXPages", everyXPages: 1 } } });
    const [batch] = await uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [{ name: "batch.pdf", bytes: await pdf(INVOICE, RECEIPT) }], source: "api", externalIds: ["b"] });
    expect(await classify(batch!.id)).toBe("split");
    const parts = await listClassifierDocuments(acme, { classifierId: classifier.id, query: { page: 1, limit: 50 } });
    expect(parts.data.map((row) => [row.name, row.source, row.externalId, row.parentDocumentId])).toEqual(
      expect.arrayContaining([
        ["batch (part 1 of 2).pdf", "split", "b#1", batch!.id],
        ["batch (part 2 of 2).pdf", "split", "b#2", batch!.id],
      ]),
    );
    expect(parts.data.map((row) => row.id)).not.toContain(batch!.id);
    for (const part of parts.data) expect(await classify(part.id)).toBe("routed");
    expect((await getClassifier(acme, classifier.id)).counts).toEqual({ totalDocuments: 2, routed: 2, skipped: 0, failed: 0 });
    expect(await getClassifierDocument(acme, { classifierId: classifier.id, documentId: batch!.id })).toMatchObject({ status: "split", pageCount: 2 });
  });

  it("refuses files the classifier does not accept, and uploads to an inactive classifier", async () => {
    const { classifier } = await routedSetup();
    const text = new TextEncoder().encode("plain words");
    await expect(uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [{ name: "a.pdf", bytes: text }], source: "api" })).rejects.toMatchObject({ status: 400 });
    await updateClassifier(acme, { classifierId: classifier.id, input: { isActive: false } });
    await expect(uploadToClassifier(acme, { queue, classifierId: classifier.id, incoming: [{ name: "a.pdf", bytes: await pdf(INVOICE) }], source: "api" })).rejects.toMatchObject({ status: 400 });
  });
});
