import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentFilter, ListDocumentsQuery, SearchDocuments } from "@/lib/contracts/documents";
import { ListDocumentsQuerySchema, SearchDocumentsSchema } from "@/lib/contracts/documents";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, documentReviewStages, documents, reviewStages, type DocumentStatus } from "@/lib/db/schema";
import { fileStore, verifyFileToken } from "@/lib/storage";
import { createFolder, deleteFolder, listFolders } from "../folders";
import { getParser, listParsers } from "../parsers";
import {
  deleteDocument,
  deleteDocuments,
  documentSearchText,
  getDocument,
  getDocumentData,
  getDocumentMarkdown,
  listDocuments,
  searchDocuments,
  updateDocument,
  waitForDocument,
} from "./index";

let handle: DatabaseHandle;
let admin: TestActor;
let globex: TestActor;
let reviewer: TestActor;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-documents-test-"));

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.AUTH_SECRET = "documents-test-secret";
  process.env.PUBLIC_BASE_URL = "https://quarry.test";
  handle = await createTestDatabase();
  const acme = await makeTeam(handle.db, "Acme");
  admin = await makeMember(handle.db, acme.id, "admin");
  reviewer = await makeMember(handle.db, acme.id, "reviewer");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Extra = Partial<typeof documents.$inferInsert>;
let clock = Date.parse("2025-01-01T00:00:00Z");

/** A document inserted directly, as the pipeline would leave it; each one a minute newer than the last. */
async function addDocument(actor: TestActor, parserId: string, extra: Extra = {}) {
  clock += 60_000;
  const name = extra.name ?? `doc-${randomUUID().slice(0, 8)}.pdf`;
  const data = extra.data ?? {};
  const [row] = await handle.db
    .insert(documents)
    .values({
      teamId: actor.teamId,
      parserId,
      name,
      status: "processed" as DocumentStatus,
      source: "api",
      contentType: "application/pdf",
      createdAt: new Date(clock),
      updatedAt: new Date(clock),
      searchText: documentSearchText({ name, externalId: extra.externalId ?? null, data }),
      ...extra,
    })
    .returning();
  return row!;
}

const list = (actor: TestActor, parserId: string, query: Partial<ListDocumentsQuery> = {}) => listDocuments(actor, { parserId, query: ListDocumentsQuerySchema.parse(query) });
const search = (actor: TestActor, parserId: string, body: Partial<SearchDocuments> = {}) => searchDocuments(actor, { parserId, body: SearchDocumentsSchema.parse(body) });
const names = (page: { data: { name: string }[] }) => page.data.map((row) => row.name);

describe("listDocuments", () => {
  it("sorts newest first by default, pages, and leaves out deleted documents", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    for (const name of ["a", "b", "c", "d", "e"]) await addDocument(admin, parser.id, { name });
    await addDocument(admin, parser.id, { name: "gone", deletedAt: new Date() });
    const first = await list(admin, parser.id, { limit: 2 });
    expect(names(first)).toEqual(["e", "d"]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, pageCount: 3 });
    expect(names(await list(admin, parser.id, { limit: 2, page: 3 }))).toEqual(["a"]);
    expect((await list(admin, parser.id, { limit: 2, page: 4 })).data).toEqual([]);
    expect((await list(admin, parser.id, { limit: 2, page: 4 })).pagination.total).toBe(5);
    expect((await list(admin, parser.id)).pagination).toEqual({ page: 1, limit: 50, total: 5, pageCount: 1 });
  });

  it("sorts by each sort key", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const b = await addDocument(admin, parser.id, { name: "bravo" });
    await addDocument(admin, parser.id, { name: "alpha" });
    await addDocument(admin, parser.id, { name: "charlie" });
    await handle.db.update(documents).set({ updatedAt: new Date(clock + 3_600_000) }).where(eq(documents.id, b.id));
    expect(names(await list(admin, parser.id, { sort: "createdAt.asc" }))).toEqual(["bravo", "alpha", "charlie"]);
    expect(names(await list(admin, parser.id, { sort: "createdAt.desc" }))).toEqual(["charlie", "alpha", "bravo"]);
    expect(names(await list(admin, parser.id, { sort: "updatedAt.desc" }))[0]).toBe("bravo");
    expect(names(await list(admin, parser.id, { sort: "updatedAt.asc" })).at(-1)).toBe("bravo");
    expect(names(await list(admin, parser.id, { sort: "name.asc" }))).toEqual(["alpha", "bravo", "charlie"]);
    expect(names(await list(admin, parser.id, { sort: "name.desc" }))).toEqual(["charlie", "bravo", "alpha"]);
  });

  it("filters by q (name or external id), status, folder, assignee, external id and created range", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, { parserId: parser.id, input: { name: "Inbox" } });
    const invoice = await addDocument(admin, parser.id, { name: "Invoice 100%.pdf", externalId: "ERP-1", folderId: folder.id });
    const receipt = await addDocument(admin, parser.id, { name: "receipt.pdf", externalId: "erp-2", status: "failed", assigneeId: reviewer.actor.userId });
    const other = await addDocument(admin, parser.id, { name: "other.pdf", status: "queued", data: { vendor: "Invoice Corp" } });
    expect(names(await list(admin, parser.id, { q: "invoice" }))).toEqual([invoice.name]);
    expect(names(await list(admin, parser.id, { q: "ERP" }))).toEqual([receipt.name, invoice.name]);
    expect(names(await list(admin, parser.id, { q: "100%" }))).toEqual([invoice.name]);
    expect(names(await list(admin, parser.id, { q: "0%" }))).toEqual([invoice.name]);
    expect(names(await list(admin, parser.id, { q: "_" }))).toEqual([]);
    expect(names(await list(admin, parser.id, { status: "failed" }))).toEqual([receipt.name]);
    expect(names(await list(admin, parser.id, { folderId: folder.id }))).toEqual([invoice.name]);
    expect(names(await list(admin, parser.id, { assigneeId: reviewer.actor.userId }))).toEqual([receipt.name]);
    expect(names(await list(admin, parser.id, { externalId: "ERP-1" }))).toEqual([invoice.name]);
    expect(names(await list(admin, parser.id, { externalId: "erp-1" }))).toEqual([]);
    expect(names(await list(admin, parser.id, { createdFrom: receipt.createdAt.toISOString() }))).toEqual([other.name, receipt.name]);
    expect(names(await list(admin, parser.id, { createdTo: receipt.createdAt.toISOString() }))).toEqual([receipt.name, invoice.name]);
    expect(names(await list(admin, parser.id, { createdFrom: receipt.createdAt.toISOString(), createdTo: receipt.createdAt.toISOString() }))).toEqual([receipt.name]);
    expect(names(await list(admin, parser.id, { status: "failed", q: "invoice" }))).toEqual([]);
  });

  it("answers an unknown parser, another team's parser and a folder of another parser with 404", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const otherParser = await makeParser(handle.db, admin.teamId);
    const foreignFolder = await createFolder(admin, { parserId: otherParser.id, input: { name: "Elsewhere" } });
    await expect(list(admin, randomUUID())).rejects.toMatchObject({ status: 404, message: "Parser not found" });
    await expect(list(globex, parser.id)).rejects.toMatchObject({ status: 404, extra: { notFound: [{ type: "parserId", value: parser.id }] } });
    await expect(list(admin, parser.id, { folderId: foreignFolder.id })).rejects.toMatchObject({ status: 404, message: "Folder not found" });
    await expect(search(admin, parser.id, { folderId: foreignFolder.id })).rejects.toMatchObject({ status: 404 });
  });

  it("filters by review stage: documents pending or in progress there", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const [first, second] = await handle.db
      .insert(reviewStages)
      .values([
        { parserId: parser.id, name: "Check", position: 1, reviewerId: reviewer.actor.userId },
        { parserId: parser.id, name: "Approve", position: 2 },
      ])
      .returning();
    const pending = await addDocument(admin, parser.id, { name: "pending", status: "in_review", reviewStatus: "pending", currentStageId: first!.id });
    const working = await addDocument(admin, parser.id, { name: "working", status: "in_review", reviewStatus: "in_progress", currentStageId: first!.id });
    const passed = await addDocument(admin, parser.id, { name: "passed", status: "in_review", reviewStatus: "pending", currentStageId: second!.id });
    await handle.db.insert(documentReviewStages).values([
      { documentId: pending.id, stageId: first!.id, position: 1, status: "pending" },
      { documentId: working.id, stageId: first!.id, position: 1, status: "in_progress" },
      { documentId: passed.id, stageId: first!.id, position: 1, status: "approved" },
      { documentId: passed.id, stageId: second!.id, position: 2, status: "pending" },
    ]);
    expect(names(await list(admin, parser.id, { reviewStageId: first!.id }))).toEqual(["working", "pending"]);
    expect(names(await list(admin, parser.id, { reviewStageId: second!.id }))).toEqual(["passed"]);
    expect(names(await list(admin, parser.id, { reviewStageId: "not-a-uuid" }))).toEqual([]);
  });
});

describe("review object", () => {
  it("is not_required without stages, and lists each stage with its status, reviewer and decision time", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const plain = await addDocument(admin, parser.id, { name: "plain" });
    const [first, second] = await handle.db
      .insert(reviewStages)
      .values([
        { parserId: parser.id, name: "Check", position: 1, reviewerInstructions: "Totals first", reviewerId: reviewer.actor.userId },
        { parserId: parser.id, name: "Approve", position: 2 },
      ])
      .returning();
    const reviewed = await addDocument(admin, parser.id, {
      name: "reviewed",
      status: "in_review",
      reviewStatus: "in_progress",
      currentStageId: second!.id,
      assigneeId: admin.actor.userId,
    });
    const approvedAt = new Date("2025-02-01T10:00:00Z");
    await handle.db.insert(documentReviewStages).values([
      { documentId: reviewed.id, stageId: second!.id, position: 2, status: "in_progress", assigneeId: admin.actor.userId },
      { documentId: reviewed.id, stageId: first!.id, position: 1, status: "approved", assigneeId: reviewer.actor.userId, approvedAt },
    ]);
    const page = await list(admin, parser.id);
    const byName = Object.fromEntries(page.data.map((row) => [row.name, row]));
    expect(byName.plain!.review).toEqual({ isRequired: false, status: "not_required", assignee: null, currentStage: null, stages: [] });
    const review = byName.reviewed!.review;
    expect(review).toMatchObject({
      isRequired: true,
      status: "in_progress",
      assignee: { id: admin.actor.userId, name: "Test admin" },
      currentStage: { id: second!.id, name: "Approve", reviewerInstructions: null, position: 2 },
    });
    expect(review.stages).toEqual([
      {
        id: first!.id,
        name: "Check",
        reviewerInstructions: "Totals first",
        position: 1,
        status: "approved",
        assignee: { id: reviewer.actor.userId, name: "Test reviewer", email: expect.stringContaining("@example.test") },
        approvedAt: approvedAt.toISOString(),
        rejectedAt: null,
        enteredAt: null,
        note: null,
      },
      {
        id: second!.id,
        name: "Approve",
        reviewerInstructions: null,
        position: 2,
        status: "in_progress",
        assignee: expect.objectContaining({ id: admin.actor.userId }),
        approvedAt: null,
        rejectedAt: null,
        enteredAt: null,
        note: null,
      },
    ]);
    const full = await getDocument(admin, { parserId: parser.id, documentId: reviewed.id });
    expect(full.review).toEqual(review);
    expect(full.metadata.review).toEqual(review);
    expect(plain.id).toBeTruthy();
  });
});

describe("searchDocuments", () => {
  async function catalogue() {
    const parser = await makeParser(handle.db, admin.teamId);
    const acme = await addDocument(admin, parser.id, {
      name: "acme.pdf",
      externalId: "A-1",
      data: { vendor: "ACME Corp", total: 120.5, invoice_date: "2025-01-15", paid: true, note: "", items: [{ sku: "X-1", qty: 2 }, { sku: "Y-2", qty: 10 }] },
    });
    const globexDoc = await addDocument(admin, parser.id, {
      name: "globex.pdf",
      externalId: "G-1",
      data: { vendor: "Globex", total: "99", invoice_date: "2024-12-31", paid: false, items: [{ sku: "Z-9", qty: 1 }] },
    });
    const empty = await addDocument(admin, parser.id, { name: "empty.pdf", status: "processing", data: {} });
    return { parser, acme, globexDoc, empty };
  }
  const by = async (parserId: string, ...filters: DocumentFilter[]) => names(await search(admin, parserId, { filters, sort: "name.asc" }));

  it("finds q in extracted values, table cells, names and external ids", async () => {
    const { parser } = await catalogue();
    expect(names(await search(admin, parser.id, { q: "acme corp" }))).toEqual(["acme.pdf"]);
    expect(names(await search(admin, parser.id, { q: "z-9" }))).toEqual(["globex.pdf"]);
    expect(names(await search(admin, parser.id, { q: "G-1" }))).toEqual(["globex.pdf"]);
    expect(names(await search(admin, parser.id, { q: "empty" }))).toEqual(["empty.pdf"]);
    expect(names(await search(admin, parser.id, { q: "nothing like it" }))).toEqual([]);
    expect(names(await search(admin, parser.id, { q: "globex", status: "processed", folderId: null }))).toEqual(["globex.pdf"]);
  });

  it("eq and neq, numbers matching numeric strings", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "vendor", operator: "eq", value: "Globex" })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "eq", value: "globex" })).toEqual([]);
    expect(await by(parser.id, { field: "total", operator: "eq", value: 99 })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "total", operator: "eq", value: "120.5" })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "paid", operator: "eq", value: true })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "neq", value: "Globex" })).toEqual(["acme.pdf", "empty.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "eq", value: null })).toEqual(["empty.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "neq", value: null })).toEqual(["acme.pdf", "globex.pdf"]);
  });

  it("contains is a case-insensitive substring with % and _ literal", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "vendor", operator: "contains", value: "acme" })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "contains", value: "O" })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "contains", value: "%" })).toEqual([]);
  });

  it("gt, gte, lt, lte: numeric with a number, text (ISO dates) with a string", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "total", operator: "gt", value: 99 })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "total", operator: "gte", value: 99 })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "total", operator: "lt", value: 100 })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "total", operator: "lte", value: 120.5 })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "gt", value: 1 })).toEqual([]);
    expect(await by(parser.id, { field: "invoice_date", operator: "gte", value: "2025-01-01" })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "invoice_date", operator: "lt", value: "2025-01-01" })).toEqual(["globex.pdf"]);
    expect(
      await by(parser.id, { field: "invoice_date", operator: "gte", value: "2024-12-01" }, { field: "invoice_date", operator: "lte", value: "2024-12-31" }),
    ).toEqual(["globex.pdf"]);
  });

  it("numeric comparisons follow every write of the data (kept by a trigger, not by the writer)", async () => {
    const { parser, acme, globexDoc } = await catalogue();
    await handle.db.update(documents).set({ data: { vendor: "ACME Corp", total: "7.25" } }).where(eq(documents.id, acme.id));
    await handle.db.update(documents).set({ data: { vendor: "Globex", total: "not a number" } }).where(eq(documents.id, globexDoc.id));
    expect(await by(parser.id, { field: "total", operator: "lt", value: 10 })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "total", operator: "gt", value: 0 })).toEqual(["acme.pdf"]);
    const other = await makeParser(handle.db, admin.teamId);
    expect(await by(other.id, { field: "total", operator: "gt", value: 0 })).toEqual([]);
  });

  it("exists: present and not empty, or the opposite", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "vendor", operator: "exists", value: true })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "vendor", operator: "exists" })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "note", operator: "exists", value: false })).toEqual(["acme.pdf", "empty.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "items", operator: "exists", value: true })).toEqual(["acme.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "items.sku", operator: "exists", value: false })).toEqual(["empty.pdf"]);
  });

  it("table columns: any row matches, for every operator", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "items.sku", operator: "eq", value: "Y-2" })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "items.sku", operator: "neq", value: "Y-2" })).toEqual(["empty.pdf", "globex.pdf"]);
    expect(await by(parser.id, { field: "items.sku", operator: "contains", value: "z-" })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "items.qty", operator: "gte", value: 10 })).toEqual(["acme.pdf"]);
    expect(await by(parser.id, { field: "items.qty", operator: "lt", value: 2 })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "items.qty", operator: "eq", value: "1" })).toEqual(["globex.pdf"]);
    expect(await by(parser.id, { field: "vendor.sku", operator: "eq", value: "x" })).toEqual([]);
    expect(await by(parser.id, { field: "vendor.sku", operator: "contains", value: "x" })).toEqual([]);
  });

  it("treats filter text as values, never as SQL", async () => {
    const { parser } = await catalogue();
    expect(await by(parser.id, { field: "vendor' or '1'='1", operator: "eq", value: "x' or '1'='1" })).toEqual([]);
    expect(await by(parser.id, { field: "items.sku\"}", operator: "contains", value: "'; drop table documents; --" })).toEqual([]);
    expect((await list(admin, parser.id)).pagination.total).toBe(3);
  });

  it("combines filters with q, status and paging", async () => {
    const { parser } = await catalogue();
    const page = await search(admin, parser.id, { q: "pdf", filters: [{ field: "total", operator: "gt", value: 0 }], limit: 1, sort: "name.asc" });
    expect(names(page)).toEqual(["acme.pdf"]);
    expect(page.pagination).toEqual({ page: 1, limit: 1, total: 2, pageCount: 2 });
  });
});

describe("getDocument and the data view", () => {
  it("shows the full view with a signed file link, markdown link, folder and field metadata", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, { parserId: parser.id, input: { name: "Incoming" } });
    const doc = await addDocument(admin, parser.id, {
      folderId: folder.id,
      fileKey: `${admin.teamId}/x/file.pdf`,
      markdown: "# Invoice",
      data: { total: 5 },
      fieldMetadata: { total: { confidence: 0.9, source: { page: 1, x: 0.1, y: 0.2, w: 0.3, h: 0.05 } } },
      status: "approved",
    });
    const full = await getDocument(admin, { parserId: parser.id, documentId: doc.id });
    expect(full.url).toMatch(/^https:\/\/quarry\.test\/api\/files\//);
    expect(full.metadata.markdownUrl).toBe(`https://quarry.test/api/v1/parsers/${parser.id}/documents/${doc.id}/markdown`);
    expect(full.metadata).toMatchObject({ thumbnail: null, isApproved: true, isRejected: false, url: full.url });
    await handle.db.update(documents).set({ previewKey: `${admin.teamId}/${doc.id}/preview.webp` }).where(eq(documents.id, doc.id));
    const withPreview = await getDocument(admin, { parserId: parser.id, documentId: doc.id });
    const token = withPreview.metadata.thumbnail!.replace(/^https:\/\/quarry\.test\/api\/files\//, "");
    expect(verifyFileToken("documents-test-secret", token)).toEqual({ key: `${admin.teamId}/${doc.id}/preview.webp`, name: "preview.webp", contentType: "image/webp" });
    expect((await getDocumentData(admin, { parserId: parser.id, ref: { documentId: doc.id } })).metadata.thumbnail).toMatch(/^https:\/\/quarry\.test\/api\/files\//);
    expect(full.metadata.field_metadata).toEqual({ total: { confidence: 0.9, source: { page: 1, x: 0.1, y: 0.2, w: 0.3, h: 0.05 } } });
    expect(full.folder).toMatchObject({ id: folder.id, name: "Incoming", documentCount: 1 });
    expect(full).toMatchObject({ isProcessed: true, isFailed: false, data: { total: 5 }, error: null, folderId: folder.id });
    expect(await getDocumentMarkdown(admin, { parserId: parser.id, documentId: doc.id })).toBe("# Invoice");

    const bare = await addDocument(admin, parser.id, { status: "failed", error: "Could not read the file" });
    const bareFull = await getDocument(admin, { parserId: parser.id, documentId: bare.id });
    expect(bareFull).toMatchObject({ url: null, folder: null, isProcessed: false, isFailed: true, error: "Could not read the file" });
    expect(bareFull.metadata.markdownUrl).toBeNull();
    await expect(getDocumentMarkdown(admin, { parserId: parser.id, documentId: bare.id })).rejects.toMatchObject({ status: 404 });
  });

  it("is scoped: another parser, another team, a deleted document are not found", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const other = await makeParser(handle.db, admin.teamId);
    const doc = await addDocument(admin, parser.id);
    const gone = await addDocument(admin, parser.id, { deletedAt: new Date() });
    await expect(getDocument(admin, { parserId: other.id, documentId: doc.id })).rejects.toMatchObject({ status: 404, message: "Document not found", extra: { notFound: [{ type: "documentId", value: doc.id }] } });
    await expect(getDocument(globex, { parserId: parser.id, documentId: doc.id })).rejects.toMatchObject({ status: 404, message: "Parser not found" });
    await expect(getDocument(admin, { parserId: parser.id, documentId: gone.id })).rejects.toMatchObject({ status: 404, message: "Document not found" });
    const theirs = await makeParser(handle.db, globex.teamId);
    await expect(getDocument(globex, { parserId: theirs.id, documentId: doc.id })).rejects.toMatchObject({ status: 404, message: "Document not found" });
  });

  it("get document data: by id or external id, empty while processing, 403 for another parser, 404 unknown", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const other = await makeParser(handle.db, admin.teamId);
    const done = await addDocument(admin, parser.id, { externalId: "ext-1", data: { total: 5 }, assigneeId: reviewer.actor.userId, status: "in_review" });
    const busy = await addDocument(admin, parser.id, { externalId: "ext-2", status: "queued", data: { partial: true } });
    const view = await getDocumentData(admin, { parserId: parser.id, ref: { documentId: done.id } });
    expect(view).toMatchObject({ data: { total: 5 }, error: null, metadata: { id: done.id, status: "in_review", isProcessed: true, isApproved: false, assignee: expect.stringContaining("reviewer-") } });
    expect(Object.keys(view.metadata).sort()).toEqual(
      ["assignee", "createdAt", "custom", "externalId", "field_metadata", "id", "isApproved", "isFailed", "isProcessed", "markdownUrl", "name", "pageCount", "status", "thumbnail", "updatedAt", "url"].sort(),
    );
    expect((await getDocumentData(admin, { parserId: parser.id, ref: { externalId: "ext-1" } })).metadata.id).toBe(done.id);
    const busyView = await getDocumentData(admin, { parserId: parser.id, ref: { externalId: "ext-2" } });
    expect(busyView).toMatchObject({ data: {}, metadata: { id: busy.id, status: "processing", isProcessed: false } });
    await expect(getDocumentData(admin, { parserId: other.id, ref: { documentId: done.id } })).rejects.toMatchObject({ status: 403, message: "Access denied" });
    await expect(getDocumentData(admin, { parserId: other.id, ref: { externalId: "ext-1" } })).rejects.toMatchObject({ status: 403, message: "Access denied" });
    await expect(getDocumentData(admin, { parserId: parser.id, ref: { documentId: randomUUID() } })).rejects.toMatchObject({ status: 404, message: "Document not found" });
    await expect(getDocumentData(admin, { parserId: parser.id, ref: { externalId: "nope" } })).rejects.toMatchObject({ status: 404, message: "Document not found", extra: { notFound: [{ type: "externalId", value: "nope" }] } });
    const theirs = await makeParser(handle.db, globex.teamId);
    await expect(getDocumentData(globex, { parserId: theirs.id, ref: { documentId: done.id } })).rejects.toMatchObject({ status: 404, message: "Document not found" });
  });
});

describe("updateDocument", () => {
  it("renames, sets external id and custom, moves between folders and out, with an audit row", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const inbox = await createFolder(admin, { parserId: parser.id, input: { name: "Inbox" } });
    const done = await createFolder(admin, { parserId: parser.id, input: { name: "Done" } });
    const doc = await addDocument(admin, parser.id, { folderId: inbox.id, data: { vendor: "Initech" } });
    const updated = await updateDocument(admin, { parserId: parser.id, documentId: doc.id, input: { name: "Renamed.pdf", externalId: "R-9", custom: { batch: 7 }, folderId: done.id } });
    expect(updated).toMatchObject({ name: "Renamed.pdf", externalId: "R-9", custom: { batch: 7 }, folderId: done.id, folder: { id: done.id, documentCount: 1 } });
    const counts = Object.fromEntries((await listFolders(admin, parser.id)).map((folder) => [folder.name, folder.documentCount]));
    expect(counts).toEqual({ Done: 1, Inbox: 0 });
    expect(names(await search(admin, parser.id, { q: "renamed" }))).toEqual(["Renamed.pdf"]);
    expect(names(await search(admin, parser.id, { q: "initech" }))).toEqual(["Renamed.pdf"]);

    const out = await updateDocument(admin, { parserId: parser.id, documentId: doc.id, input: { folderId: null, externalId: null } });
    expect(out).toMatchObject({ folderId: null, folder: null, externalId: null });
    const audit = await handle.db.select().from(auditLog).where(and(eq(auditLog.resourceId, doc.id), eq(auditLog.action, "document.update")));
    expect(audit).toHaveLength(2);
    expect(audit.find((row) => (row.after as Record<string, unknown>).name === "Renamed.pdf")!.before).toMatchObject({ name: doc.name, folderId: inbox.id });
  });

  it("answers an unknown folder, another parser's folder, another team's document with 404, and needs documents.write", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const other = await makeParser(handle.db, admin.teamId);
    const foreign = await createFolder(admin, { parserId: other.id, input: { name: "Foreign" } });
    const doc = await addDocument(admin, parser.id);
    await expect(updateDocument(admin, { parserId: parser.id, documentId: doc.id, input: { folderId: randomUUID() } })).rejects.toMatchObject({ status: 404, message: "Folder not found" });
    await expect(updateDocument(admin, { parserId: parser.id, documentId: doc.id, input: { folderId: foreign.id } })).rejects.toMatchObject({ status: 404, extra: { notFound: [{ type: "folderId", value: foreign.id }] } });
    const theirs = await makeParser(handle.db, globex.teamId);
    await expect(updateDocument(globex, { parserId: theirs.id, documentId: doc.id, input: { name: "x" } })).rejects.toMatchObject({ status: 404, message: "Document not found" });
    await expect(updateDocument(reviewer, { parserId: parser.id, documentId: doc.id, input: { name: "x" } })).rejects.toMatchObject({ status: 403 });
  });
});

describe("deleting documents", () => {
  it("deletes one document, its stored file and its preview, and counts follow", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, { parserId: parser.id, input: { name: "F" } });
    const key = `${admin.teamId}/${randomUUID()}/a.pdf`;
    const previewKey = `${admin.teamId}/${randomUUID()}/preview.webp`;
    await fileStore().put(key, new Uint8Array([1, 2, 3]), "application/pdf");
    await fileStore().put(previewKey, new Uint8Array([4, 5]), "image/webp");
    const doc = await addDocument(admin, parser.id, { fileKey: key, previewKey, folderId: folder.id });
    await addDocument(admin, parser.id, { folderId: folder.id });
    expect((await getParser(admin, { parserId: parser.id })).counts.totalDocuments).toBe(2);
    expect(await deleteDocument(admin, { parserId: parser.id, documentId: doc.id })).toEqual({ success: true, deleted: 1, ids: [doc.id] });
    expect(await fileStore().exists(key)).toBe(false);
    expect(await fileStore().exists(previewKey)).toBe(false);
    expect((await getParser(admin, { parserId: parser.id })).counts.totalDocuments).toBe(1);
    expect((await listParsers(admin)).find((row) => row.id === parser.id)!.counts.totalDocuments).toBe(1);
    expect((await listFolders(admin, parser.id))[0]!.documentCount).toBe(1);
    await expect(getDocument(admin, { parserId: parser.id, documentId: doc.id })).rejects.toMatchObject({ status: 404 });
    await expect(deleteDocument(admin, { parserId: parser.id, documentId: doc.id })).rejects.toMatchObject({ status: 404, message: "Document not found" });
    const audit = await handle.db.select().from(auditLog).where(and(eq(auditLog.resourceId, doc.id), eq(auditLog.action, "document.delete")));
    expect(audit).toHaveLength(1);
  });

  it("keeps a file another live document still uses", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const key = `${admin.teamId}/${randomUUID()}/shared.pdf`;
    await fileStore().put(key, new Uint8Array([1]), "application/pdf");
    const parent = await addDocument(admin, parser.id, { fileKey: key });
    await addDocument(admin, parser.id, { fileKey: key, parentDocumentId: parent.id, source: "split" });
    await deleteDocument(admin, { parserId: parser.id, documentId: parent.id });
    expect(await fileStore().exists(key)).toBe(true);
  });

  it("bulk deletes by ids and external ids of this parser only, ignoring the rest", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const other = await makeParser(handle.db, admin.teamId);
    const a = await addDocument(admin, parser.id);
    const b = await addDocument(admin, parser.id, { externalId: "dup" });
    const c = await addDocument(admin, parser.id, { externalId: "dup" });
    const keep = await addDocument(admin, parser.id);
    const elsewhere = await addDocument(admin, other.id, { externalId: "dup" });
    const result = await deleteDocuments(admin, { parserId: parser.id, input: { documentIds: [a.id, elsewhere.id, randomUUID()], externalIds: ["dup", "none"] } });
    expect(result.deleted).toBe(3);
    expect(result.ids.sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await list(admin, parser.id)).data.map((row) => row.id)).toEqual([keep.id]);
    expect((await list(admin, other.id)).data.map((row) => row.id)).toEqual([elsewhere.id]);
    expect(await deleteDocuments(admin, { parserId: parser.id, input: { documentIds: [a.id] } })).toEqual({ success: true, deleted: 0, ids: [] });
    const theirs = await makeParser(handle.db, globex.teamId);
    expect(await deleteDocuments(globex, { parserId: theirs.id, input: { documentIds: [keep.id] } })).toEqual({ success: true, deleted: 0, ids: [] });
    await expect(deleteDocuments(globex, { parserId: parser.id, input: { documentIds: [keep.id] } })).rejects.toMatchObject({ status: 404 });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "document.delete"));
    expect(audit.filter((row) => [a.id, b.id, c.id].includes(row.resourceId))).toHaveLength(3);
  });

  it("folder counts stay right when a folder is deleted with its documents", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, { parserId: parser.id, input: { name: "F" } });
    await addDocument(admin, parser.id, { folderId: folder.id });
    await addDocument(admin, parser.id);
    await deleteFolder(admin, { parserId: parser.id, folderId: folder.id, deleteDocuments: true });
    expect((await list(admin, parser.id)).pagination.total).toBe(1);
    expect((await getParser(admin, { parserId: parser.id })).counts.totalDocuments).toBe(1);
  });
});

describe("waitForDocument", () => {
  it("answers as soon as extraction is over, with the document as it is then", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const document = await addDocument(admin, parser.id, { status: "processing" });
    const started = Date.now();
    // A drizzle query runs when awaited (then), not when built.
    setTimeout(() => void handle.db.update(documents).set({ status: "processed" }).where(eq(documents.id, document.id)).then(() => undefined), 700);
    const waited = await waitForDocument(admin, { parserId: parser.id, documentId: document.id, waitSeconds: 10 });
    expect(waited.status).toBe("processed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("answers with the current state when the wait is up, and at once for a final status", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const queued = await addDocument(admin, parser.id, { status: "queued" });
    const started = Date.now();
    expect((await waitForDocument(admin, { parserId: parser.id, documentId: queued.id, waitSeconds: 1 })).status).toBe("queued");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const done = await addDocument(admin, parser.id, { status: "in_review" });
    const quick = Date.now();
    expect((await waitForDocument(admin, { parserId: parser.id, documentId: done.id, waitSeconds: 30 })).status).toBe("in_review");
    expect(Date.now() - quick).toBeLessThan(1_000);
  });

  it("never waits on another team's document: not found at once", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const document = await addDocument(admin, parser.id, { status: "processing" });
    await expect(waitForDocument(globex, { parserId: parser.id, documentId: document.id, waitSeconds: 30 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
