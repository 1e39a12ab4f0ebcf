import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DocumentFull } from "@/lib/contracts/documents";
import type { Folder } from "@/lib/contracts/folders";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folders } from "@/lib/db/schema";
import { notFound } from "@/lib/services/errors";
import { visibleDocuments, type Access } from "../access";
import { folderViews } from "../folders/internal";
import { getParserInTeam, type ParserRow } from "../parsers/internal";
import { loadReviews, NOT_REQUIRED_REVIEW, toDocumentFull, type DocumentRecord } from "./to-document";
import { withTypedData } from "./typed-data";

/**
 * The live (not deleted) document with this id in the team's parser, or a 404: an unknown parser says
 * `Parser not found`; a document of another parser or team, or a deleted one, or one the caller's access does not
 * reach (a reviewer's, access.ts), says `Document not found`.
 */
export async function getDocumentInParser(
  tx: DbOrTx,
  { access, parserId, documentId, ...options }: { access: Access; parserId: string; documentId: string } & { forUpdate?: boolean },
): Promise<{ parser: ParserRow; document: DocumentRecord }> {
  const parser = await getParserInTeam(tx, { access, parserId });
  const query = tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.parserId, parser.id),
        eq(documents.teamId, access.teamId),
        isNull(documents.deletedAt),
        visibleDocuments(access),
      ),
    )
    .limit(1);
  const [document] = options.forUpdate ? await query.for("update") : await query;
  if (!document) throw notFound({ type: "documentId", value: documentId, label: "Document" });
  return { parser, document };
}

/** A live folder of the parser, or a 404 naming the folder id. */
export async function assertFolderInParser(tx: DbOrTx, { parserId, folderId }: { parserId: string; folderId: string }): Promise<void> {
  const [row] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.parserId, parserId), isNull(folders.deletedAt)))
    .limit(1);
  if (!row) throw notFound({ type: "folderId", value: folderId, label: "Folder" });
}

export async function folderOrNull(tx: DbOrTx, { parserId, folderId }: { parserId: string; folderId: string | null }): Promise<Folder | null> {
  if (!folderId) return null;
  return (await folderViews(tx, parserId)).find((folder) => folder.id === folderId) ?? null;
}

/** The full view of one document (data in its fields' types): its review object and its folder loaded alongside. */
export async function fullView(tx: DbOrTx, stored: DocumentRecord): Promise<DocumentFull> {
  const document = await withTypedData(tx, stored);
  const reviews = await loadReviews(tx, [document]);
  return toDocumentFull({ row: document, review: reviews.get(document.id) ?? NOT_REQUIRED_REVIEW, folder: await folderOrNull(tx, { parserId: document.parserId, folderId: document.folderId }) });
}
