import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { documents } from "@/lib/db/schema";
import { AppError } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { assertFolderInParser } from "./internal";

export type MovedDocuments = { moved: number; ids: string[]; folderId: string | null };

/**
 * Moves several documents of a parser into one folder (null: out of any folder), all or nothing: an id that is
 * not a live document of the parser is a 404 naming it, and nothing moves. Each move is audited like a single
 * document update.
 */
export async function moveDocuments(ctx: ServiceContext, { parserId, input }: { parserId: string; input: { documentIds: readonly string[]; folderId: string | null } }): Promise<MovedDocuments> {
  assertPermission(ctx, "documents.write");
  const ids = [...new Set(input.documentIds)];
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId });
    if (input.folderId) await assertFolderInParser(tx, { parserId: parser.id, folderId: input.folderId });
    const rows = ids.length
      ? await tx
          .select({ id: documents.id, folderId: documents.folderId })
          .from(documents)
          .where(and(inArray(documents.id, ids), eq(documents.parserId, parser.id), eq(documents.teamId, ctx.teamId), isNull(documents.deletedAt)))
          .for("update")
      : [];
    const present = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !present.has(id));
    if (missing.length > 0) {
      throw new AppError("NOT_FOUND", missing.length === 1 ? "Document not found" : `${missing.length} documents not found`, {
        notFound: missing.map((value) => ({ type: "documentId", value })),
      });
    }
    if (ids.length > 0) await tx.update(documents).set({ folderId: input.folderId, updatedAt: new Date() }).where(inArray(documents.id, ids));
    for (const row of rows) {
      await recordAudit(tx, {
        ctx,
        action: "document.update",
        resourceType: "document",
        resourceId: row.id,
        before: { parserId: parser.id, folderId: row.folderId },
        after: { folderId: input.folderId },
      });
    }
    return { moved: ids.length, ids, folderId: input.folderId };
  });
}
