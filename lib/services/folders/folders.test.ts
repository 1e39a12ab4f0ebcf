import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeReviewStage, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, documents, type DocumentStatus } from "@/lib/db/schema";
import { fileStore } from "@/lib/storage";
import { getParser } from "../parsers";
import { createFolder, deleteFolder, listFolders, updateFolder } from "./index";

let handle: DatabaseHandle;
let admin: TestActor;
let globex: TestActor;

beforeAll(async () => {
  // The file store lives under DATA_DIR: a temporary one, never the checkout's ./data.
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-folders-test-"));
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db, "Acme")).id, "admin");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(() => handle.close());

async function addDocument(parserId: string, folderId: string | null, status: DocumentStatus = "processed", fileKey: string | null = null) {
  const [row] = await handle.db
    .insert(documents)
    .values({ teamId: admin.teamId, parserId, folderId, name: `doc-${randomUUID()}.pdf`, status, source: "api", contentType: "application/pdf", fileKey })
    .returning();
  return row!;
}

async function tree() {
  const parser = await makeParser(handle.db, admin.teamId);
  const root = await createFolder(admin, { parserId: parser.id, input: { name: "Root" } });
  const child = await createFolder(admin, { parserId: parser.id, input: { name: "Child", parentId: root.id } });
  const grandchild = await createFolder(admin, { parserId: parser.id, input: { name: "Grandchild", parentId: child.id } });
  const other = await createFolder(admin, { parserId: parser.id, input: { name: "Other" } });
  return { parser, root, child, grandchild, other };
}

describe("folder counts", () => {
  it("counts documents directly and with descendants, ignoring deleted documents", async () => {
    const { parser, root, child, grandchild } = await tree();
    await addDocument(parser.id, root.id);
    await addDocument(parser.id, child.id);
    await addDocument(parser.id, grandchild.id);
    await addDocument(parser.id, grandchild.id, "failed");
    await addDocument(parser.id, null);
    const gone = await addDocument(parser.id, grandchild.id);
    await handle.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, gone.id));

    const folders = await listFolders(admin, parser.id);
    const counts = Object.fromEntries(folders.map((folder) => [folder.name, [folder.documentCount, folder.directDocumentCount, folder.childFolderCount]]));
    expect(counts).toEqual({ Root: [4, 1, 1], Child: [3, 1, 1], Grandchild: [2, 2, 0], Other: [0, 0, 0] });
    expect((await getParser(admin, { parserId: parser.id })).counts).toEqual({ totalDocuments: 5, folders: 4 });
  });
});

describe("deleteFolder", () => {
  it("moves the documents of the folder and its subfolders out by default", async () => {
    const { parser, root, child, grandchild, other } = await tree();
    const inChild = await addDocument(parser.id, child.id);
    const inGrandchild = await addDocument(parser.id, grandchild.id);
    const inOther = await addDocument(parser.id, other.id);

    const result = await deleteFolder(admin, { parserId: parser.id, folderId: child.id, deleteDocuments: false });
    expect(result).toEqual({ success: true, movedDocuments: 2, deletedDocuments: 0 });
    const rows = await handle.db.select().from(documents).where(eq(documents.parserId, parser.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(inChild.id)).toMatchObject({ folderId: null, deletedAt: null });
    expect(byId.get(inGrandchild.id)).toMatchObject({ folderId: null, deletedAt: null });
    expect(byId.get(inOther.id)!.folderId).toBe(other.id);
    expect((await listFolders(admin, parser.id)).map((folder) => folder.name)).toEqual(["Other", "Root"]);
    expect((await listFolders(admin, parser.id)).find((folder) => folder.id === root.id)!.childFolderCount).toBe(0);

    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.resourceId, child.id));
    expect(audit.map((row) => row.action)).toContain("folder.delete");
  });

  it("deletes the documents with deleteDocuments, their stored files and previews", async () => {
    const { parser, root, grandchild } = await tree();
    const key = `${admin.teamId}/${randomUUID()}/invoice.pdf`;
    const previewKey = `${admin.teamId}/${randomUUID()}/preview.webp`;
    await fileStore().put(key, new Uint8Array([1, 2, 3]), "application/pdf");
    await fileStore().put(previewKey, new Uint8Array([4, 5]), "image/webp");
    const withFile = await addDocument(parser.id, root.id, "processed", key);
    await handle.db.update(documents).set({ previewKey }).where(eq(documents.id, withFile.id));
    await addDocument(parser.id, grandchild.id);
    const outside = await addDocument(parser.id, null);
    const result = await deleteFolder(admin, { parserId: parser.id, folderId: root.id, deleteDocuments: true });
    expect(result).toEqual({ success: true, movedDocuments: 0, deletedDocuments: 2 });
    const live = await handle.db.select().from(documents).where(eq(documents.parserId, parser.id));
    expect(live.filter((row) => row.deletedAt === null).map((row) => row.id)).toEqual([outside.id]);
    expect((await getParser(admin, { parserId: parser.id })).counts).toEqual({ totalDocuments: 1, folders: 1 });
    expect(await fileStore().exists(key)).toBe(false);
    expect(await fileStore().exists(previewKey)).toBe(false);
  });

  it("needs documents.write to delete documents", async () => {
    const { parser, root } = await tree();
    const limited = { ...admin, permissions: admin.permissions.filter((permission) => permission !== "documents.write") };
    await expect(deleteFolder(limited, { parserId: parser.id, folderId: root.id, deleteDocuments: true })).rejects.toMatchObject({ status: 403 });
    await expect(deleteFolder(limited, { parserId: parser.id, folderId: root.id, deleteDocuments: false })).resolves.toMatchObject({ success: true });
  });
});

describe("folder tenancy and permissions", () => {
  it("answers another team's parser and folder with not found", async () => {
    const { parser, root } = await tree();
    await expect(listFolders(globex, parser.id)).rejects.toMatchObject({ status: 404, extra: { notFound: [{ type: "parserId", value: parser.id }] } });
    await expect(updateFolder(globex, { parserId: parser.id, folderId: root.id, input: { name: "x" } })).rejects.toMatchObject({ status: 404 });
    const theirs = await makeParser(handle.db, globex.teamId);
    await expect(updateFolder(globex, { parserId: theirs.id, folderId: root.id, input: { name: "x" } })).rejects.toMatchObject({ status: 404, extra: { notFound: [{ type: "folderId", value: root.id }] } });
  });

  it("refuses a reviewer", async () => {
    const { parser } = await tree();
    const reviewer = await makeMember(handle.db, admin.teamId, "reviewer");
    await expect(createFolder(reviewer, { parserId: parser.id, input: { name: "x" } })).rejects.toMatchObject({ status: 403 });
    await expect(listFolders(reviewer, parser.id)).rejects.toMatchObject({ status: 404 }); // not a parser they review
    await makeReviewStage(handle.db, parser.id, reviewer.actor.userId);
    await expect(listFolders(reviewer, parser.id)).resolves.toHaveLength(4);
  });
});
