import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";

export type DocumentRef = { documentId?: string; externalId?: string };

/** A live document of the parser and team by id or external id (the newest when several share it), or a 404. */
export async function findDocumentByRef(tx: DbOrTx, teamId: string, parserId: string, ref: DocumentRef) {
  const [row] = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.teamId, teamId),
        eq(documents.parserId, parserId),
        isNull(documents.deletedAt),
        ref.documentId ? eq(documents.id, ref.documentId) : eq(documents.externalId, ref.externalId ?? ""),
      ),
    )
    .orderBy(documents.createdAt)
    .limit(1);
  if (!row) throw ref.documentId ? notFound("documentId", ref.documentId, "Document") : notFound("externalId", ref.externalId ?? "", "Document");
  return row;
}
