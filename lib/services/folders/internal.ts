import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Folder } from "@/lib/contracts/folders";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folders } from "@/lib/db/schema";
import { conflict, notFound } from "@/lib/services/errors";
import { slugify } from "../teams";
import { toFolders, type FolderRow } from "./tree";

/** The parser's live folders; the parser has already been checked to be the caller team's. */
export async function loadFolders(tx: DbOrTx, parserId: string): Promise<FolderRow[]> {
  return tx
    .select()
    .from(folders)
    .where(and(eq(folders.parserId, parserId), isNull(folders.deletedAt)));
}

export async function directDocumentCounts(tx: DbOrTx, parserId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ folderId: documents.folderId, count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.parserId, parserId), isNull(documents.deletedAt), isNotNull(documents.folderId)))
    .groupBy(documents.folderId);
  return new Map(rows.map((row) => [row.folderId!, row.count]));
}

export async function folderViews(tx: DbOrTx, parserId: string): Promise<Folder[]> {
  return toFolders(await loadFolders(tx, parserId), await directDocumentCounts(tx, parserId));
}

export async function folderView(tx: DbOrTx, { parserId, folderId }: { parserId: string; folderId: string }): Promise<Folder> {
  const folder = (await folderViews(tx, parserId)).find((candidate) => candidate.id === folderId);
  if (!folder) throw notFound({ type: "folderId", value: folderId, label: "Folder" });
  return folder;
}

export function findFolder({ rows, folderId, type = "folderId", label = "Folder" }: { rows: readonly FolderRow[]; folderId: string; type?: string; label?: string }): FolderRow {
  const row = rows.find((candidate) => candidate.id === folderId);
  if (!row) throw notFound({ type, value: folderId, label });
  return row;
}

export function assertNoSiblingNamed(rows: readonly FolderRow[], input: { parentId: string | null; name: string; exceptId?: string }): void {
  const clash = rows.find(
    (row) => row.parentId === input.parentId && row.id !== input.exceptId && row.name.toLowerCase() === input.name.toLowerCase(),
  );
  if (clash) throw conflict(`A folder named "${clash.name}" already exists ${input.parentId ? "in that folder" : "at the root"}`);
}

/** Slugs are for URLs and display; names without a single latin letter or digit still get one. */
export function folderSlug(name: string): string {
  return /[a-z0-9]/i.test(name.normalize("NFKD")) ? slugify(name) : "folder";
}

