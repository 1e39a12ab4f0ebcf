import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { Parser } from "@/lib/contracts/parsers";
import { documents, folders, parsers } from "@/lib/db/schema";
import { reviewerParsers, scopedReviewer, teamDocumentsOf } from "../access";
import { assertPermission, type ServiceContext } from "../context";
import { toParser } from "./to-parser";

/**
 * The active document parsers of the caller's team (archived ones too when asked), with their document and folder
 * counts; for a reviewer, the parsers and documents their access reaches (access.ts), so the console lists exactly
 * the parsers they review.
 */
export async function listParsers(ctx: ServiceContext, options: { includeArchived?: boolean } = {}): Promise<Parser[]> {
  assertPermission(ctx, "parsers.read");
  const reviewerId = scopedReviewer(ctx);
  const variant = { includeArchived: options.includeArchived === true, reviewer: reviewerId !== null };
  const rows = await preparedList(ctx.db, variant).execute({ teamId: ctx.teamId, reviewerId: reviewerId ?? "" });
  return rows.map((row) => toParser(row.parser, { totalDocuments: row.totalDocuments ?? 0, folders: row.folders ?? 0 }));
}

type Variant = { includeArchived: boolean; reviewer: boolean };
type PreparedList = ReturnType<ReturnType<typeof buildList>["prepare"]>;

/**
 * The list query for one variant (archived parsers or not; a reviewer's access filter or none), built once per
 * database handle and run as a named prepared statement: the GET /api/v1/parsers hot path pays neither Drizzle's
 * query building nor PostgreSQL's planning on every request (issue 26). The team and the reviewer are bound as
 * placeholders; the reviewer's conditions are the ones access.ts applies everywhere else (reviewerParsers,
 * teamDocumentsOf), so the list cannot drift from the other read paths. Keyed by the handle like the rate-limit
 * upsert (rate-limit.ts): a transaction handle would get its own statements.
 */
function preparedList(db: Db, variant: Variant): PreparedList {
  const name = `list_parsers${variant.includeArchived ? "_all" : ""}${variant.reviewer ? "_reviewer" : ""}`;
  let forDb = prepared.get(db);
  if (!forDb) prepared.set(db, (forDb = new Map()));
  let statement = forDb.get(name);
  if (!statement) {
    statement = buildList(db, variant).prepare(name);
    forDb.set(name, statement);
  }
  return statement;
}

const prepared = new WeakMap<Db, Map<string, PreparedList>>();

function buildList(db: Db, variant: Variant) {
  const teamId = sql.placeholder("teamId");
  const reviewerId = sql.placeholder("reviewerId");
  const documentCount = db
    .select({ parserId: documents.parserId, count: sql<number>`count(*)::int`.as("document_count") })
    .from(documents)
    .where(teamDocumentsOf(teamId, variant.reviewer ? reviewerId : null))
    .groupBy(documents.parserId)
    .as("document_counts");
  const folderCount = db
    .select({ parserId: folders.parserId, count: sql<number>`count(*)::int`.as("folder_count") })
    .from(folders)
    .where(and(eq(folders.teamId, teamId), isNull(folders.deletedAt)))
    .groupBy(folders.parserId)
    .as("folder_counts");
  return db
    .select({ parser: parsers, totalDocuments: documentCount.count, folders: folderCount.count })
    .from(parsers)
    .leftJoin(documentCount, eq(documentCount.parserId, parsers.id))
    .leftJoin(folderCount, eq(folderCount.parserId, parsers.id))
    .where(
      and(
        eq(parsers.teamId, teamId),
        variant.includeArchived ? undefined : eq(parsers.isActive, true),
        isNull(parsers.deletedAt),
        eq(parsers.type, "document"),
        variant.reviewer ? reviewerParsers(reviewerId, parsers.id) : undefined,
      ),
    )
    .orderBy(asc(parsers.name), asc(parsers.createdAt));
}
