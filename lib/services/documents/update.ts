import "server-only";
import { eq } from "drizzle-orm";
import type { DocumentFull, UpdateDocument } from "@/lib/contracts/documents";
import { documents } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { assertFolderInParser, fullView, getDocumentInParser } from "./internal";
import { documentSearchText } from "./to-document";

/**
 * PATCH /parsers/{parserId}/documents/{documentId}: rename, set or clear the external id, replace `custom`,
 * or move to a live folder of the same parser (null: out of any folder; another parser's folder: 404).
 * Parser and folder counts are computed from the rows, so a move shows in them at once.
 */
export async function updateDocument(ctx: ServiceContext, { parserId, documentId, input }: { parserId: string; documentId: string; input: UpdateDocument }): Promise<DocumentFull> {
  assertPermission(ctx, "documents.write");
  return ctx.db.transaction(async (tx) => {
    const { parser, document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId, forUpdate: true });
    if (input.folderId) await assertFolderInParser(tx, { parserId: parser.id, folderId: input.folderId });
    const changes: Partial<typeof documents.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.externalId !== undefined) changes.externalId = input.externalId;
    if (input.custom !== undefined) changes.custom = input.custom;
    if (input.folderId !== undefined) changes.folderId = input.folderId;
    if (Object.keys(changes).length === 0) return fullView(tx, document);
    const name = changes.name ?? document.name;
    const externalId = changes.externalId === undefined ? document.externalId : changes.externalId;
    const [updated] = await tx
      .update(documents)
      .set({ ...changes, searchText: documentSearchText({ name, externalId, data: document.data }), updatedAt: new Date() })
      .where(eq(documents.id, document.id))
      .returning();
    const before = Object.fromEntries(Object.keys(changes).map((key) => [key, document[key as keyof typeof changes]]));
    await recordAudit(tx, { ctx, action: "document.update", resourceType: "document", resourceId: document.id, before: { parserId: parser.id, ...before }, after: changes });
    return fullView(tx, updated!);
  });
}
