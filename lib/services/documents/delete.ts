import "server-only";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { documents } from "@/lib/db/schema";
import { fileStore } from "@/lib/storage";
import type { DbOrTx } from "@/lib/db/client";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { forgetDeletedDocuments } from "../learning";
import { getParserInTeam } from "../parsers/internal";
import { getDocumentInParser } from "./internal";
import type { DocumentRecord } from "./to-document";

export type DeletedDocuments = { success: true; deleted: number; ids: string[] };

/** DELETE /parsers/{parserId}/documents/{documentId}: the document and its stored file. */
export async function deleteDocument(ctx: ServiceContext, { parserId, documentId }: { parserId: string; documentId: string }): Promise<DeletedDocuments> {
  assertPermission(ctx, "documents.write");
  const removed = await ctx.db.transaction(async (tx) => {
    const { document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId, forUpdate: true });
    return softDelete(tx, { ctx, rows: [document] });
  });
  await removeFiles(ctx, removed);
  return { success: true, deleted: removed.length, ids: removed.map((row) => row.id) };
}

/**
 * POST /parsers/{parserId}/documents/delete: by ids and/or external ids (every live document with one of them).
 * Ids that are not live documents of this parser are ignored and not counted.
 */
export async function deleteDocuments(ctx: ServiceContext, { parserId, input }: { parserId: string; input: { documentIds?: string[]; externalIds?: string[] } }): Promise<DeletedDocuments> {
  assertPermission(ctx, "documents.write");
  const removed = await ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId });
    const ids = input.documentIds ?? [];
    const externalIds = input.externalIds ?? [];
    const rows = await tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.parserId, parser.id),
          eq(documents.teamId, ctx.teamId),
          isNull(documents.deletedAt),
          or(ids.length ? inArray(documents.id, ids) : undefined, externalIds.length ? inArray(documents.externalId, externalIds) : undefined),
        ),
      )
      .for("update");
    return softDelete(tx, { ctx, rows });
  });
  await removeFiles(ctx, removed);
  return { success: true, deleted: removed.length, ids: removed.map((row) => row.id) };
}

/** Soft delete (the row stays, out of every list and count) with one audit row per document. */
async function softDelete(tx: DbOrTx, { ctx, rows }: { ctx: ServiceContext; rows: DocumentRecord[] }): Promise<DocumentRecord[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  await tx
    .update(documents)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      inArray(
        documents.id,
        rows.map((row) => row.id),
      ),
    );
  // A deleted document is forgotten: what it taught the parser goes with it.
  await forgetDeletedDocuments(
    tx,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    await recordAudit(tx, {
      ctx,
      action: "document.delete",
      resourceType: "document",
      resourceId: row.id,
      before: { parserId: row.parserId, name: row.name, externalId: row.externalId, folderId: row.folderId, status: row.status, fileKey: row.fileKey },
    });
  }
  return rows;
}

/**
 * After commit: stored files no live document still uses (split parts may share their upload's file), and the
 * documents' first-page previews. A file that cannot be removed is logged, not an error: the documents are
 * already gone for the caller.
 */
export async function removeFiles(ctx: ServiceContext, rows: { fileKey: string | null; previewKey: string | null }[]): Promise<void> {
  const keys = [...new Set(rows.map((row) => row.fileKey).filter((key): key is string => key !== null))];
  const stillUsed = keys.length === 0 ? [] : await ctx.db
    .select({ key: documents.fileKey })
    .from(documents)
    .where(and(eq(documents.teamId, ctx.teamId), inArray(documents.fileKey, keys), isNull(documents.deletedAt)));
  const keep = new Set(stillUsed.map((row) => row.key));
  // A preview belongs to its document alone: it goes with it.
  const previews = rows.map((row) => row.previewKey).filter((key): key is string => key !== null);
  const store = fileStore();
  for (const key of [...keys.filter((key) => !keep.has(key)), ...previews]) {
    await store.delete(key).catch((error: unknown) => console.error(`[documents] could not delete stored file ${key}`, error));
  }
}
