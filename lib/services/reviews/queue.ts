import "server-only";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { and, asc, eq, inArray, isNull, min, sql, type SQL } from "drizzle-orm";
import { pagination } from "@/lib/contracts/common";
import { formatListValue } from "@/lib/contracts/list-values";
import type { ReviewQueue, ReviewQueueQuery } from "@/lib/contracts/reviews";
import { documentReviewStages, documents, parsers, reviewStages, users } from "@/lib/db/schema";
import { teamDocuments } from "../access";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { loadFieldRows } from "../fields/internal";
import { listColumnsOf } from "../preferences";
import { defaultQueueColumns } from "./queue-columns";

const others = alias(documentReviewStages, "others");

/**
 * The reviewer's queue: documents in review across the team's parsers, each at its current stage, oldest first
 * by when it reached that stage (`enteredAt`), with how long it has waited. `assignee=me` is the caller's user
 * (for an API key, its creator). The `stages` facet counts every stage under the same assignee and parser filters
 * (not the stage filter), so a console can show the queue by stage.
 */
export async function getReviewQueue(ctx: ServiceContext, { query, now = new Date() }: { query: ReviewQueueQuery; now?: Date }): Promise<ReviewQueue> {
  assertPermission(ctx, "reviews.read");
  if (query.parserId) await getParserInTeam(ctx.db, { access: ctx, parserId: query.parserId });
  const enteredAt = sql<Date>`coalesce(${documentReviewStages.enteredAt}, ${documents.updatedAt})`.mapWith(documents.updatedAt);
  const waiting = and(
    teamDocuments(ctx), // a reviewer's queue holds only what their access reaches, whatever `assignee` asks for
    eq(documents.status, "in_review"),
    isNull(parsers.deletedAt),
    assigneeCondition(ctx, query.assignee),
    query.parserId ? eq(documents.parserId, query.parserId) : undefined,
  );
  const where = and(waiting, query.stageId ? eq(documents.currentStageId, query.stageId) : undefined);
  // The joins every query below shares: the parser (the team's, not deleted), the current stage row and stage.
  const joined = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(parsers, and(eq(parsers.id, documents.parserId), eq(parsers.teamId, ctx.teamId)))
      .innerJoin(documentReviewStages, and(eq(documentReviewStages.documentId, documents.id), eq(documentReviewStages.stageId, documents.currentStageId)))
      .innerJoin(reviewStages, eq(reviewStages.id, documents.currentStageId));

  const rows = await joined(
    ctx.db
      .select({
    documentId: documents.id,
    name: documents.name,
    status: documents.status,
    pageCount: documents.pageCount,
    assigneeId: documents.assigneeId,
    parserId: parsers.id,
    parserName: parsers.name,
    stageId: reviewStages.id,
    stageName: reviewStages.name,
    rowPosition: documentReviewStages.position,
    data: documents.data,
    enteredAt,
      })
      .from(documents)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(enteredAt), asc(documents.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted] = await joined(ctx.db.select({ count: sql<number>`count(*)::int` }).from(documents).$dynamic()).where(where);
  const facet = await joined(
    ctx.db
      .select({
    stageId: reviewStages.id,
    stageName: reviewStages.name,
    parserId: parsers.id,
    parserName: parsers.name,
    count: sql<number>`count(*)::int`,
    oldestEnteredAt: min(enteredAt).mapWith(documents.updatedAt),
      })
      .from(documents)
      .$dynamic(),
  )
    .where(waiting)
    .groupBy(reviewStages.id, reviewStages.name, parsers.id, parsers.name)
    .orderBy(asc(min(enteredAt)));

  const progress = await stageProgress(
    ctx,
    rows.map((row) => row.documentId),
  );
  const chosen = await listColumnsOf(ctx.db, ctx.actor.userId);
  // A parser whose columns the caller has not chosen shows its first required values (queue-columns.ts).
  const unchosen = [...new Set(rows.map((row) => row.parserId))].filter((parserId) => !chosen[parserId]);
  const defaults = await Promise.all(unchosen.map(async (parserId) => [parserId, defaultQueueColumns(await loadFieldRows(ctx.db, parserId))] as const));
  const columns: Record<string, string[]> = { ...Object.fromEntries(defaults), ...chosen };
  const people = await peopleById(
    ctx,
    rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])),
  );
  return {
    data: rows.map((row) => {
      const stages = progress.get(row.documentId) ?? [];
      return {
        documentId: row.documentId,
        name: row.name,
        status: row.status,
        pageCount: row.pageCount,
        parser: { id: row.parserId, name: row.parserName },
        // "Stage 2 of 3" counts the stages this document goes through: skipped ones are left out.
        stage: { id: row.stageId, name: row.stageName, position: stages.filter((position) => position <= row.rowPosition).length, stageCount: stages.length },
        assignee: row.assigneeId ? (people.get(row.assigneeId) ?? null) : null,
        enteredStageAt: row.enteredAt.toISOString(),
        waitingSeconds: Math.max(0, Math.floor((now.getTime() - row.enteredAt.getTime()) / 1000)),
        values: (columns[row.parserId] ?? []).map((field) => ({ field, value: formatListValue(row.data[field]) })),
      };
    }),
    pagination: pagination(query, counted?.count ?? 0),
    stages: facet.map((stage) => ({ ...stage, oldestEnteredAt: stage.oldestEnteredAt.toISOString() })),
  };
}

function assigneeCondition(ctx: ServiceContext, assignee: ReviewQueueQuery["assignee"]): SQL | undefined {
  if (assignee === "any") return undefined;
  if (assignee === "unassigned") return isNull(documents.assigneeId);
  return eq(documents.assigneeId, assignee === "me" ? ctx.actor.userId : assignee);
}

/** Positions of the stages each document goes through (not skipped), for "stage N of M". */
async function stageProgress(ctx: ServiceContext, documentIds: readonly string[]): Promise<Map<string, number[]>> {
  if (documentIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ documentId: others.documentId, position: others.position })
    .from(others)
    .where(and(inArray(others.documentId, [...documentIds]), sql`${others.status} <> 'skipped'`));
  const out = new Map<string, number[]>();
  for (const row of rows) out.set(row.documentId, [...(out.get(row.documentId) ?? []), row.position]);
  return out;
}

async function peopleById(ctx: ServiceContext, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, unique)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}
