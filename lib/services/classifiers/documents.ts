import "server-only";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { pagination, type Pagination } from "@/lib/contracts/common";
import type { ClassifierDocument, ListClassifierDocumentsQuery } from "@/lib/contracts/classifiers";
import type { DbOrTx } from "@/lib/db/client";
import { classifierDocuments, parsers } from "@/lib/db/schema";
import { assertPermission, type ServiceContext } from "../context";
import { getClassifierDocumentInTeam, getClassifierInTeam, type ClassifierDocumentRow, type TargetParser } from "./internal";
import { toClassifierDocument } from "./to-classifier";

/** GET /classifiers/{id}/documents: newest first; without a status filter, split uploads give way to their parts. */
export async function listClassifierDocuments(
  ctx: ServiceContext,
  { classifierId, query }: { classifierId: string; query: ListClassifierDocumentsQuery },
): Promise<{ data: ClassifierDocument[]; pagination: Pagination }> {
  assertPermission(ctx, "classifiers.read");
  const classifier = await getClassifierInTeam(ctx.db, { teamId: ctx.teamId, classifierId });
  const where = and(
    eq(classifierDocuments.classifierId, classifier.id),
    isNull(classifierDocuments.deletedAt),
    query.status ? eq(classifierDocuments.status, query.status) : ne(classifierDocuments.status, "split"),
  );
  const rows = await ctx.db
    .select()
    .from(classifierDocuments)
    .where(where)
    .orderBy(desc(classifierDocuments.createdAt), desc(classifierDocuments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(classifierDocuments).where(where);
  return { data: await withTargets(ctx.db, rows), pagination: pagination(query, count?.total ?? 0) };
}

export async function getClassifierDocument(ctx: ServiceContext, { classifierId, documentId }: { classifierId: string; documentId: string }): Promise<ClassifierDocument> {
  assertPermission(ctx, "classifiers.read");
  const row = await getClassifierDocumentInTeam(ctx.db, { teamId: ctx.teamId, classifierId, documentId });
  return (await withTargets(ctx.db, [row]))[0]!;
}

/** The target parser of each row (archived ones included: a document routed there keeps its link). */
export async function withTargets(db: DbOrTx, rows: ClassifierDocumentRow[]): Promise<ClassifierDocument[]> {
  const ids = [...new Set(rows.map((row) => row.targetParserId).filter((id): id is string => id !== null))];
  const targets = new Map<string, TargetParser>();
  if (ids.length > 0) {
    const found = await db.select({ id: parsers.id, name: parsers.name, slug: parsers.slug }).from(parsers).where(and(inArray(parsers.id, ids), isNull(parsers.deletedAt)));
    for (const parser of found) targets.set(parser.id, parser);
  }
  return rows.map((row) => toClassifierDocument(row, row.targetParserId ? (targets.get(row.targetParserId) ?? null) : null));
}
