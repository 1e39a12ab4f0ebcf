import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Parser } from "@/lib/contracts/parsers";
import { documents, folders, parsers } from "@/lib/db/schema";
import { teamDocuments, visibleParsers } from "../access";
import { assertPermission, type ServiceContext } from "../context";
import { toParser } from "./to-parser";

/**
 * The active document parsers of the caller's team (archived ones too when asked), with their document and folder
 * counts; for a reviewer, the parsers and documents their access reaches (access.ts), so the console lists exactly
 * the parsers they review.
 */
export async function listParsers(ctx: ServiceContext, options: { includeArchived?: boolean } = {}): Promise<Parser[]> {
  assertPermission(ctx, "parsers.read");
  const documentCount = ctx.db
    .select({ parserId: documents.parserId, count: sql<number>`count(*)::int`.as("document_count") })
    .from(documents)
    .where(teamDocuments(ctx))
    .groupBy(documents.parserId)
    .as("document_counts");
  const folderCount = ctx.db
    .select({ parserId: folders.parserId, count: sql<number>`count(*)::int`.as("folder_count") })
    .from(folders)
    .where(and(eq(folders.teamId, ctx.teamId), isNull(folders.deletedAt)))
    .groupBy(folders.parserId)
    .as("folder_counts");
  const rows = await ctx.db
    .select({ parser: parsers, totalDocuments: documentCount.count, folders: folderCount.count })
    .from(parsers)
    .leftJoin(documentCount, eq(documentCount.parserId, parsers.id))
    .leftJoin(folderCount, eq(folderCount.parserId, parsers.id))
    .where(and(eq(parsers.teamId, ctx.teamId), options.includeArchived ? undefined : eq(parsers.isActive, true), isNull(parsers.deletedAt), eq(parsers.type, "document"), visibleParsers(ctx, parsers.id)))
    .orderBy(asc(parsers.name), asc(parsers.createdAt));
  return rows.map((row) => toParser(row.parser, { totalDocuments: row.totalDocuments ?? 0, folders: row.folders ?? 0 }));
}
