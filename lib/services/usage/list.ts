import "server-only";
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { UsageQuery, UsageResponse } from "@/lib/contracts/usage";
import { usageDaily } from "@/lib/db/schema";
import { visibleParsers } from "../access";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";

/** The team's usage rows in an inclusive day range, as the pipeline booked them (one row per day and parser). */
export async function listUsage(ctx: ServiceContext, query: UsageQuery): Promise<UsageResponse> {
  assertPermission(ctx, "documents.read");
  // Another team's parser is a 404 rather than an empty list, so ids cannot be probed across teams.
  if (query.parserId) await getParserInTeam(ctx.db, { access: ctx, parserId: query.parserId });
  const rows = await ctx.db
    .select({ day: usageDaily.day, parserId: usageDaily.parserId, documents: usageDaily.documents, pages: usageDaily.pages, credits: usageDaily.credits })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.teamId, ctx.teamId),
        // `day` is text yyyy-mm-dd, so string order is date order.
        gte(usageDaily.day, query.from),
        lte(usageDaily.day, query.to),
        query.parserId ? eq(usageDaily.parserId, query.parserId) : undefined,
        visibleParsers(ctx, usageDaily.parserId),
      ),
    )
    .orderBy(asc(usageDaily.day), asc(usageDaily.parserId));
  return { data: rows };
}
