import "server-only";
import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { DOCUMENT_SORTS, SearchDocuments } from "@/lib/contracts/documents";
import { coerceDocumentData, type CoercibleField } from "@/lib/contracts/field-coercion";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { AppError } from "@/lib/services/errors";
import { visibleDocuments, type Access } from "../access";
import { orderBy, searchWhere } from "../documents/query";
import { loadReviews, NOT_REQUIRED_REVIEW, toDocumentRow } from "../documents/to-document";
import type { ExportDocument } from "./model";

/**
 * Which documents an export holds, and reading them in keyset pages. The filters are the documents search's own
 * WHERE (query.ts), so an export of "the current filters" is exactly what the list shows. Pages are keyset, not
 * OFFSET: each page is an index range scan after the last row of the previous one, so page 20 costs what page 1
 * does, and a document added meanwhile neither shifts nor repeats rows. No transaction spans the pages: on PGlite a
 * long transaction would stall every other request, so an export is a walk over live data, not a snapshot.
 */
export const EXPORT_PAGE_SIZE = 500;

type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export type Selection = { where: SQL | undefined; sort: DocumentSort };

type Filters = Omit<SearchDocuments, "page" | "limit">;

/** `id = any('{…}'::uuid[])`: one bound parameter for up to 10,000 ids (validated as UUIDs by the contract). */
function idsCondition(ids: readonly string[]): SQL {
  return sql`${documents.id} = any(${`{${ids.join(",")}}`}::uuid[])`;
}

/** The search's WHERE, the requested ids, and the caller's access (a reviewer's, access.ts), as the list applies it. */
export function selectionOf({ parserId, filters, ...options }: { parserId: string; filters: Filters } & { documentIds?: readonly string[]; access?: Access }): Selection {
  const documentIds = options.documentIds;
  // searchWhere reads only the filters; page and limit belong to the list and do not shape the WHERE.
  const where = and(searchWhere(parserId, { ...filters, page: 1, limit: 1 }), options.access ? visibleDocuments(options.access) : undefined);
  return { where: documentIds ? and(where, idsCondition(documentIds)) : where, sort: filters.sort };
}

/**
 * Every requested id must be a live document of this parser: one that is not (unknown, deleted, another parser's or
 * another team's, or beyond the caller's access) is a 404 naming it, like any other path to a document, rather than
 * a file silently missing rows.
 */
export async function assertDocumentsInParser(db: Db, input: { access: Access; parserId: string; ids: readonly string[] }): Promise<void> {
  const found = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        idsCondition(input.ids),
        eq(documents.parserId, input.parserId),
        eq(documents.teamId, input.access.teamId),
        isNull(documents.deletedAt),
        visibleDocuments(input.access),
      ),
    );
  const present = new Set(found.map((row) => row.id));
  const missing = input.ids.filter((id) => !present.has(id));
  if (missing.length === 0) return;
  throw new AppError("NOT_FOUND", missing.length === 1 ? "Document not found" : `${missing.length} documents not found`, {
    notFound: missing.slice(0, 100).map((value) => ({ type: "documentId", value })),
  });
}

// Everything but the markdown and the search text, which can be large and no export writes.
const { markdown: _markdown, searchText: _searchText, ...exportColumns } = getTableColumns(documents);

type Cursor = { key: string; id: string };

/** Rows after the cursor in the sort order; the key travels as text so timestamps keep their microseconds. */
function after(sort: DocumentSort, cursor: Cursor): SQL {
  const [key, direction] = sort.split(".") as ["createdAt" | "updatedAt" | "name", "asc" | "desc"];
  const op = sql.raw(direction === "asc" ? ">" : "<");
  const value = key === "name" ? sql`${cursor.key}::text` : sql`${cursor.key}::timestamptz`;
  return sql`(${documents[key]}, ${documents.id}) ${op} (${value}, ${cursor.id}::uuid)`;
}

function cursorKey(sort: DocumentSort): SQL<string> {
  const key = sort.split(".")[0] as "createdAt" | "updatedAt" | "name";
  return sql<string>`${documents[key]}::text`;
}

function fetchPage(db: Db, { selection, cursor, pageSize }: { selection: Selection; cursor: Cursor | null; pageSize: number }) {
  return db
    .select({ ...exportColumns, cursorKey: cursorKey(selection.sort) })
    .from(documents)
    .where(and(selection.where, cursor ? after(selection.sort, cursor) : undefined))
    .orderBy(...orderBy(selection.sort))
    .limit(pageSize);
}

/** Pages of the selected documents, their data in the types of `fields` (the parser's: field-coercion.ts). */
export async function* readDocumentPages(
  db: Db,
  input: { selection: Selection; folderPaths: ReadonlyMap<string, string>; fields: readonly CoercibleField[]; pageSize?: number },
): AsyncGenerator<ExportDocument[]> {
  const pageSize = input.pageSize ?? EXPORT_PAGE_SIZE;
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await fetchPage(db, { selection: input.selection, cursor, pageSize });
    if (rows.length === 0) return;
    const reviews = await loadReviews(db, rows);
    yield rows.map((row) => ({
      row: toDocumentRow({ ...row, markdown: null, searchText: "" }, reviews.get(row.id) ?? NOT_REQUIRED_REVIEW),
      folderPath: row.folderId ? (input.folderPaths.get(row.folderId) ?? null) : null,
      error: row.error,
      data: coerceDocumentData(input.fields, row.data, row.fieldMetadata),
      fieldMetadata: row.fieldMetadata,
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { key: last.cursorKey, id: last.id };
  }
}
