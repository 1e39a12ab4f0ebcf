import "server-only";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { DOCUMENT_STATUSES, type DocumentStatus } from "@/lib/contracts/enums";
import { addDays, resolveUsageRange, type Dashboard, type DashboardDay } from "@/lib/contracts/usage";
import { documents, usageDaily } from "@/lib/db/schema";
import { teamDocuments, visibleParsers } from "../access";
import type { ServiceContext } from "../context";

/**
 * What the console's home page shows: the team's documents by status, the caller's review queue and the last
 * 30 days of usage. Any signed-in role may read it: it holds counts only, no document content, and for a reviewer
 * only of what their access reaches (access.ts).
 */
export async function getDashboard(ctx: ServiceContext, now: Date = new Date()): Promise<Dashboard> {
  const range = resolveUsageRange(undefined, undefined, now);
  const [statusRows, [queue], usageRows] = await Promise.all([
    ctx.db
      .select({ status: documents.status, count: sql<number>`count(*)::int` })
      .from(documents)
      .where(teamDocuments(ctx))
      .groupBy(documents.status),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(documents)
      .where(
        and(teamDocuments(ctx), eq(documents.assigneeId, ctx.actor.userId), eq(documents.status, "in_review")),
      ),
    ctx.db
      .select({
        day: usageDaily.day,
        documents: sql<number>`sum(${usageDaily.documents})::int`,
        pages: sql<number>`sum(${usageDaily.pages})::int`,
        credits: sql<number>`sum(${usageDaily.credits})::int`,
      })
      .from(usageDaily)
      .where(and(eq(usageDaily.teamId, ctx.teamId), gte(usageDaily.day, range.from), lte(usageDaily.day, range.to), visibleParsers(ctx, usageDaily.parserId)))
      .groupBy(usageDaily.day),
  ]);

  const byStatus = Object.fromEntries(DOCUMENT_STATUSES.map((status) => [status, 0])) as Record<DocumentStatus, number>;
  for (const row of statusRows) byStatus[row.status] = row.count;

  // Every day of the range, zeros included, so a chart's x axis is continuous and today is always the last bar.
  const booked = new Map(usageRows.map((row) => [row.day, row]));
  const days: DashboardDay[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = booked.get(day);
    days.push({ day, documents: row?.documents ?? 0, pages: row?.pages ?? 0, credits: row?.credits ?? 0 });
  }
  const totals = days.reduce((sum, day) => ({ documents: sum.documents + day.documents, pages: sum.pages + day.pages, credits: sum.credits + day.credits }), {
    documents: 0,
    pages: 0,
    credits: 0,
  });

  return {
    documents: { total: Object.values(byStatus).reduce((sum, count) => sum + count, 0), byStatus },
    myReviewQueue: queue?.count ?? 0,
    usage: { from: range.from, to: range.to, days, totals },
  };
}
