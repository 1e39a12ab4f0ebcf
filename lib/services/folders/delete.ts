import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { documents, folders } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { removeFiles } from "../documents/delete";
import { forgetDeletedDocuments } from "../learning";
import { getParserInTeam } from "../parsers/internal";
import { findFolder, loadFolders } from "./internal";
import { subtreeIds } from "./tree";

export type DeletedFolder = { success: true; movedDocuments: number; deletedDocuments: number };

/**
 * Deletes a folder and its subfolders (soft: the rows stay, out of sight). Their documents move out of any
 * folder, or with `deleteDocuments` are deleted too, which needs the documents.write permission as well.
 */
export async function deleteFolder(ctx: ServiceContext, { parserId, folderId, ...options }: { parserId: string; folderId: string } & { deleteDocuments: boolean }): Promise<DeletedFolder> {
  assertPermission(ctx, "parsers.write");
  if (options.deleteDocuments) assertPermission(ctx, "documents.write");
  const { result, deleted } = await ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const rows = await loadFolders(tx, parser.id);
    const target = findFolder({ rows, folderId });
    const ids = [...subtreeIds(rows, target.id)];
    const now = new Date();
    const inFolders = and(eq(documents.parserId, parser.id), eq(documents.teamId, ctx.teamId), inArray(documents.folderId, ids), isNull(documents.deletedAt));
    const changed = options.deleteDocuments
      ? await tx.update(documents).set({ deletedAt: now }).where(inFolders).returning({ id: documents.id, fileKey: documents.fileKey, previewKey: documents.previewKey })
      : await tx.update(documents).set({ folderId: null }).where(inFolders).returning({ id: documents.id, fileKey: documents.fileKey, previewKey: documents.previewKey });
    if (options.deleteDocuments) await forgetDeletedDocuments(tx, changed.map((row) => row.id));
    await tx.update(folders).set({ deletedAt: now }).where(and(eq(folders.parserId, parser.id), inArray(folders.id, ids)));
    const result = {
      success: true as const,
      movedDocuments: options.deleteDocuments ? 0 : changed.length,
      deletedDocuments: options.deleteDocuments ? changed.length : 0,
    };
    await recordAudit(tx, {
      ctx,
      action: "folder.delete",
      resourceType: "folder",
      resourceId: target.id,
      before: { parserId: parser.id, name: target.name, folderIds: ids },
      after: result,
    });
    return { result, deleted: options.deleteDocuments ? changed : [] };
  });
  // After commit, as for a deleted document: the stored files no live document uses any more.
  await removeFiles(ctx, deleted);
  return result;
}
