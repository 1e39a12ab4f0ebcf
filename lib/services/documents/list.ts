import "server-only";
import { and, sql, type SQL } from "drizzle-orm";
import { pagination } from "@/lib/contracts/common";
import type { DocumentRow, ListDocumentsQuery, SearchHit, SearchRequest } from "@/lib/contracts/documents";
import { formatListValue } from "@/lib/contracts/list-values";
import type { Pagination } from "@/lib/contracts/common";
import { documents } from "@/lib/db/schema";
import { visibleDocuments } from "../access";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { assertFolderInParser } from "./internal";
import { matchSnippet } from "./match-snippet";
import { listWhere, orderBy, searchWhere } from "./query";
import { loadReviews, NOT_REQUIRED_REVIEW, toDocumentRow } from "./to-document";

export type DocumentPage = { data: DocumentRow[]; pagination: Pagination };
export type SearchPage = { data: SearchHit[]; pagination: Pagination };

/**
 * GET /parsers/{parserId}/documents. A folder that is not a live folder of this parser is a 404 (`Folder not
 * found`), like moving a document there; soft-deleted documents never appear, nor do documents a reviewer's access
 * does not reach (access.ts).
 */
export async function listDocuments(ctx: ServiceContext, { parserId, query }: { parserId: string; query: ListDocumentsQuery }): Promise<DocumentPage> {
  assertPermission(ctx, "documents.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  if (query.folderId) await assertFolderInParser(ctx.db, { parserId: parser.id, folderId: query.folderId });
  return page(ctx, { where: and(listWhere(parser.id, query), visibleDocuments(ctx)), query });
}

/**
 * POST /parsers/{parserId}/documents/search: list's filters, `q` over extracted values too, and `filters`. Asked
 * for, rows also carry the named fields' values (`fields`) and what matched `q` (`snippets`).
 */
export async function searchDocuments(ctx: ServiceContext, { parserId, body }: { parserId: string; body: SearchRequest }): Promise<SearchPage> {
  assertPermission(ctx, "documents.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  if (body.folderId) await assertFolderInParser(ctx.db, { parserId: parser.id, folderId: body.folderId });
  const fields = body.fields;
  const q = body.snippets ? body.q : undefined;
  return page(ctx, { where: and(searchWhere(parser.id, body), visibleDocuments(ctx)), query: body, extend: (row, document) => ({
    ...document,
    ...(fields ? { values: fields.map((field) => ({ field, value: formatListValue(row.data[field]) })) } : {}),
    ...(q ? { match: matchSnippet(row, q) } : {}),
  }) });
}

async function page<T extends DocumentRow = DocumentRow>(
  ctx: ServiceContext,
  { where, query, extend = (_row, document) => document as T }: { where: SQL | undefined; query: Pick<ListDocumentsQuery, "page" | "limit" | "sort">; extend?: (row: typeof documents.$inferSelect, document: DocumentRow) => T },
): Promise<{ data: T[]; pagination: Pagination }> {
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(where)
    .orderBy(...orderBy(query.sort))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // A first page that is not full is the whole result; otherwise count (index-only scans on the live-document indexes).
  const total =
    query.page === 1 && rows.length < query.limit
      ? rows.length
      : ((await ctx.db.select({ count: sql<number>`count(*)::int` }).from(documents).where(where))[0]?.count ?? 0);
  const reviews = await loadReviews(ctx.db, rows);
  return { data: rows.map((row) => extend(row, toDocumentRow(row, reviews.get(row.id) ?? NOT_REQUIRED_REVIEW))), pagination: pagination(query, total) };
}
