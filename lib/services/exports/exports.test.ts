import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_SORTS } from "@/lib/contracts/documents";
import { ExportRequestSchema, type ExportRequestInput } from "@/lib/contracts/exports";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, type DocumentStatus } from "@/lib/db/schema";
import { AppError } from "@/lib/services/errors";
import { documentSearchText } from "../documents";
import { orderBy } from "../documents/query";
import { createField } from "../fields";
import { createFolder } from "../folders";
import { exportDocuments } from "./export";
import { readDocumentPages, selectionOf } from "./select";

/**
 * The export service against PGlite: which documents a selection holds, keyset paging in every sort order (ties
 * and microsecond timestamps included), and the checks that come before the first byte (404, 403).
 */
let handle: DatabaseHandle;
let admin: TestActor;
let reviewer: TestActor;
let globex: TestActor;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-exports-test-"));

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.AUTH_SECRET = "exports-test-secret";
  process.env.PUBLIC_BASE_URL = "https://quarry.test";
  handle = await createTestDatabase();
  const acme = await makeTeam(handle.db, "Acme");
  admin = await makeMember(handle.db, acme.id, "admin");
  reviewer = await makeMember(handle.db, acme.id, "reviewer");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
}, 120_000);
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Extra = Partial<typeof documents.$inferInsert>;

async function addDocument(actor: TestActor, parserId: string, extra: Extra = {}) {
  const name = extra.name ?? `doc-${randomUUID().slice(0, 8)}.pdf`;
  const data = extra.data ?? {};
  const [row] = await handle.db
    .insert(documents)
    .values({ teamId: actor.teamId, parserId, name, status: "processed" as DocumentStatus, source: "api", contentType: "application/pdf", searchText: documentSearchText({ name, externalId: null, data }), ...extra })
    .returning();
  return row!;
}

async function exportText(actor: TestActor, parserId: string, body: ExportRequestInput) {
  const file = await exportDocuments(actor, { parserId, request: ExportRequestSchema.parse(body) });
  return { ...file, text: await new Response(file.body).text() };
}

async function exportedNames(actor: TestActor, parserId: string, body: Omit<ExportRequestInput, "format"> = {}) {
  const { text } = await exportText(actor, parserId, { format: "json", ...body });
  return (JSON.parse(text) as { documents: { name: string }[] }).documents.map((document) => document.name);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("keyset pages", () => {
  it("visits every document once, in the list's order, for every sort, across ties and microseconds", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    // Six documents sharing one created_at (ties broken by id) and six a microsecond apart: both are where an
    // offset-free cursor can skip or repeat rows if it compares on the wrong key or loses precision.
    for (let i = 0; i < 12; i++) {
      const row = await addDocument(admin, parser.id, { name: `n-${String(i % 5).padStart(2, "0")}` });
      const at = i < 6 ? "2025-01-01 00:00:00+00" : `2025-01-01 00:00:01.00000${i - 5}+00`;
      await handle.db.execute(sql`update documents set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz where id = ${row.id}`);
    }
    await addDocument(admin, parser.id, { name: "deleted", deletedAt: new Date() });
    for (const sort of DOCUMENT_SORTS) {
      const expected = await handle.db
        .select({ id: documents.id })
        .from(documents)
        .where(selectionOf({ parserId: parser.id, filters: { sort } }).where)
        .orderBy(...orderBy(sort));
      const seen: string[] = [];
      for await (const page of readDocumentPages(handle.db, { selection: selectionOf({ parserId: parser.id, filters: { sort } }), folderPaths: new Map(), fields: [], pageSize: 5 })) {
        expect(page.length).toBeLessThanOrEqual(5);
        seen.push(...page.map((document) => document.row.id));
      }
      expect(seen, sort).toEqual(expected.map((row) => row.id));
      expect(seen).toHaveLength(12);
    }
  });
});

describe("exportDocuments", () => {
  it("selects by the list's filters, including values inside the extracted data", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, { parserId: parser.id, input: { name: "Inbox" } });
    await addDocument(admin, parser.id, { name: "a", data: { vendor: "Initech" }, folderId: folder.id, createdAt: new Date("2025-01-01T00:00:00Z") });
    await addDocument(admin, parser.id, { name: "b", data: { vendor: "Hooli" }, status: "failed", createdAt: new Date("2025-02-01T00:00:00Z") });
    await addDocument(admin, parser.id, { name: "c", data: { vendor: "Initech" }, createdAt: new Date("2025-03-01T00:00:00Z") });
    expect(await exportedNames(admin, parser.id)).toEqual(["c", "b", "a"]);
    expect(await exportedNames(admin, parser.id, { sort: "name.asc" })).toEqual(["a", "b", "c"]);
    expect(await exportedNames(admin, parser.id, { status: "failed" })).toEqual(["b"]);
    expect(await exportedNames(admin, parser.id, { folderId: folder.id })).toEqual(["a"]);
    expect(await exportedNames(admin, parser.id, { folderId: null })).toEqual(["c", "b"]);
    expect(await exportedNames(admin, parser.id, { q: "initech" })).toEqual(["c", "a"]);
    expect(await exportedNames(admin, parser.id, { filters: [{ field: "vendor", operator: "eq", value: "Hooli" }] })).toEqual(["b"]);
    expect(await exportedNames(admin, parser.id, { createdFrom: "2025-01-15T00:00:00Z", createdTo: "2025-02-15T00:00:00Z" })).toEqual(["b"]);
    expect(await exportedNames(admin, parser.id, { status: "rejected" })).toEqual([]);
  });

  it("exports exactly the given ids, narrowed by filters, and 404s on any id not in the parser", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const other = await makeParser(handle.db, admin.teamId);
    const [a, b] = [await addDocument(admin, parser.id, { name: "a" }), await addDocument(admin, parser.id, { name: "b", status: "failed" })];
    await addDocument(admin, parser.id, { name: "c" });
    const elsewhere = await addDocument(admin, other.id, { name: "elsewhere" });
    const deleted = await addDocument(admin, parser.id, { name: "deleted", deletedAt: new Date() });
    const theirs = await addDocument(globex, (await makeParser(handle.db, globex.teamId)).id);
    expect((await exportedNames(admin, parser.id, { documentIds: [a.id, b.id, a.id] })).sort()).toEqual(["a", "b"]);
    expect(await exportedNames(admin, parser.id, { documentIds: [a.id, b.id], status: "failed" })).toEqual(["b"]);
    const missing = [elsewhere.id, deleted.id, theirs.id, randomUUID()];
    const error = await rejection(exportText(admin, parser.id, { format: "csv", documentIds: [a.id, ...missing] }));
    expect(error.status).toBe(404);
    expect(error.message).toBe("4 documents not found");
    expect(error.extra.notFound).toEqual(missing.map((value) => ({ type: "documentId", value })));
    expect((await rejection(exportText(admin, parser.id, { format: "csv", documentIds: [theirs.id] }))).message).toBe("Document not found");
  });

  it("answers another team's parser, an unknown folder and a missing permission before writing anything", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    expect((await rejection(exportText(globex, parser.id, { format: "json" }))).toBody()).toMatchObject({ message: "Parser not found", notFound: [{ type: "parserId", value: parser.id }] });
    const otherFolder = await createFolder(admin, { parserId: (await makeParser(handle.db, admin.teamId)).id, input: { name: "Elsewhere" } });
    expect((await rejection(exportText(admin, parser.id, { format: "json", folderId: otherFolder.id }))).toBody()).toMatchObject({ message: "Folder not found" });
    expect((await rejection(exportText(reviewer, parser.id, { format: "json" }))).status).toBe(403);
  });

  it("names the file after the parser and the format, and writes every format from the database", async () => {
    const parser = await makeParser(handle.db, admin.teamId, "Invoices");
    await createField(admin, { parserId: parser.id, input: { name: "Total", type: "currency" } });
    await createField(admin, { parserId: parser.id, input: { name: "Items", type: "table", columns: [{ name: "SKU", type: "text" }] } });
    const document = await addDocument(admin, parser.id, {
      name: "one.pdf",
      data: { Total: 12.5, Items: [{ SKU: "=1+1" }] },
      fieldMetadata: { Total: { confidence: 0.9, source: { page: 1, x: 0.1, y: 0.2, w: 0.3, h: 0.04 } } },
    });
    const json = await exportText(admin, parser.id, { format: "json", includeSources: true });
    expect(json.fileName).toMatch(new RegExp(`^${parser.slug}-\\d{8}-\\d{6}\\.json$`));
    expect(json.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(json.text).documents[0].data.Total).toEqual({ value: 12.5, confidence: 0.9, page: 1, box: { x: 0.1, y: 0.2, w: 0.3, h: 0.04 }, corrected: false });
    const csv = await exportText(admin, parser.id, { format: "csv" });
    expect(csv.text).toContain(`${document.id},one.pdf`);
    expect(csv.text).toContain("'=1+1");
    expect((await exportText(admin, parser.id, { format: "xml" })).text).toContain('<field name="Total" type="currency">12.5</field>');
    const xlsx = await exportDocuments(admin, { parserId: parser.id, request: ExportRequestSchema.parse({ format: "xlsx" }) });
    const bytes = new Uint8Array(await new Response(xlsx.body).arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip
    await handle.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, document.id));
    expect(JSON.parse((await exportText(admin, parser.id, { format: "json" })).text).documents).toEqual([]);
  });
});
