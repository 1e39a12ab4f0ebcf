import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DocumentDataView, DocumentFull } from "@/lib/contracts/documents";
import { documents, users } from "@/lib/db/schema";
import { AppError, forbidden, notFound } from "@/lib/services/errors";
import { assertPermission, type ServiceContext } from "../context";
import { visibleDocuments, type Access } from "../access";
import { getParserInTeam } from "../parsers/internal";
import { fullView, getDocumentInParser } from "./internal";
import { toDataView, type DocumentRecord } from "./to-document";
import { withTypedData } from "./typed-data";

/** GET /parsers/{parserId}/documents/{documentId}: the full view. */
export async function getDocument(ctx: ServiceContext, { parserId, documentId }: { parserId: string; documentId: string }): Promise<DocumentFull> {
  assertPermission(ctx, "documents.read");
  const { document } = await getDocumentInParser(ctx.db, { access: ctx, parserId, documentId });
  return fullView(ctx.db, document);
}

export type DocumentRef = { documentId?: string; externalId?: string };

/**
 * GET /process/{parserId}/files/data. The spec's answers: a document of the caller's team that belongs to another
 * parser is a 403 `Access denied`; one that does not exist (or is another team's, or deleted) a 404 `Document not
 * found`. An external id names the newest live document with it.
 */
export async function getDocumentData(ctx: ServiceContext, { parserId, ref }: { parserId: string; ref: DocumentRef }): Promise<DocumentDataView> {
  assertPermission(ctx, "documents.read");
  const document = await findByRef(ctx.db, { access: ctx, parserId, ref });
  const [assignee] = document.assigneeId ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, document.assigneeId)) : [];
  return toDataView(await withTypedData(ctx.db, document), assignee?.email ?? null);
}

/**
 * The newest live document of the parser with this id or external id. One in another parser of the same team is
 * a 403 `Access denied` (the spec's answer for Get Document Data); anything else a 404, including a document the
 * caller's access does not reach (a reviewer's, access.ts): to them it does not exist. Takes the transaction
 * when there is one: PGlite has a single connection, so a query beside an open transaction would wait forever.
 */
export async function findByRef(db: DbOrTx, { access, parserId, ref }: { access: Access; parserId: string; ref: DocumentRef }): Promise<DocumentRecord> {
  const parser = await getParserInTeam(db, { access, parserId });
  const [type, value] = ref.documentId !== undefined ? (["documentId", ref.documentId] as const) : (["externalId", ref.externalId!] as const);
  const byRef = type === "documentId" ? eq(documents.id, value) : eq(documents.externalId, value);
  const inTeam = and(byRef, eq(documents.teamId, access.teamId), isNull(documents.deletedAt), visibleDocuments(access));
  const [mine] = await db
    .select()
    .from(documents)
    .where(and(inTeam, eq(documents.parserId, parser.id)))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  if (mine) return mine;
  const [elsewhere] = await db.select({ id: documents.id }).from(documents).where(inTeam).limit(1);
  if (elsewhere) throw forbidden("Access denied");
  throw notFound({ type, value, label: "Document" });
}

/** GET /parsers/{parserId}/documents/{documentId}/markdown: the document's text as Markdown. */
export async function getDocumentMarkdown(ctx: ServiceContext, { parserId, documentId }: { parserId: string; documentId: string }): Promise<string> {
  assertPermission(ctx, "documents.read");
  const { document } = await getDocumentInParser(ctx.db, { access: ctx, parserId, documentId });
  if (document.markdown === null) {
    throw new AppError("NOT_FOUND", "This document has no markdown (yet)", { notFound: [{ type: "markdown", value: documentId }] });
  }
  return document.markdown;
}
