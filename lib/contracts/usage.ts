import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";
import { DOCUMENT_STATUSES } from "./enums";

/** The pipeline books usage on UTC days, so every range here is in UTC days too. */
export const DaySchema = z.iso.date({ message: "must be a date yyyy-mm-dd" });

export const DEFAULT_USAGE_DAYS = 30;
export const MAX_USAGE_DAYS = 366;

const DAY_MS = 86_400_000;

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive: the same day twice is one day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `to` defaults to today and `from` to 29 days before `to`, so a bare request is the last 30 days. */
export function resolveUsageRange(from: string | undefined, to: string | undefined, now: Date = new Date()): { from: string; to: string } {
  const end = to ?? todayUtc(now);
  return { from: from ?? addDays(end, -(DEFAULT_USAGE_DAYS - 1)), to: end };
}

export const UsageQuerySchema = z
  .strictObject({
    from: DaySchema.optional().describe("First day, inclusive (UTC, yyyy-mm-dd). Defaults to 29 days before `to`."),
    to: DaySchema.optional().describe("Last day, inclusive (UTC, yyyy-mm-dd). Defaults to today."),
    parserId: UuidSchema.optional().describe("Only this parser's usage."),
  })
  .superRefine((query, ctx) => {
    // Bad dates already have their own issue; the range checks only make sense between two real dates.
    if ((query.from !== undefined && !DaySchema.safeParse(query.from).success) || (query.to !== undefined && !DaySchema.safeParse(query.to).success)) return;
    const range = resolveUsageRange(query.from, query.to);
    if (range.from > range.to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "must be on or before `to`" });
      return;
    }
    if (daysBetween(range.from, range.to) > MAX_USAGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["from"], message: `the range may span at most ${MAX_USAGE_DAYS} days` });
    }
  })
  .transform((query) => ({ ...resolveUsageRange(query.from, query.to), parserId: query.parserId }));
export type UsageQuery = z.output<typeof UsageQuerySchema>;

export const UsageDaySchema = z
  .object({
    day: DaySchema,
    parserId: UuidSchema,
    documents: z.int().describe("Documents processed that day"),
    pages: z.int().describe("Pages processed that day"),
    credits: z.int().describe("1 per page, +1 per page with markdown, plus the document-type rule's cost per document"),
  })
  .meta({ id: "UsageDay" });
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageResponseSchema = z.object({ data: z.array(UsageDaySchema) });
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

export const DashboardDaySchema = z.object({ day: DaySchema, documents: z.int(), pages: z.int(), credits: z.int() });
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardSchema = z
  .object({
    documents: z.object({
      total: z.int().describe("Documents of the team, deleted ones excluded"),
      byStatus: z.object(Object.fromEntries(DOCUMENT_STATUSES.map((status) => [status, z.int()])) as Record<(typeof DOCUMENT_STATUSES)[number], z.ZodInt>),
    }),
    myReviewQueue: z.int().describe("Documents in review assigned to the caller"),
    usage: z.object({
      from: DaySchema,
      to: DaySchema,
      days: z.array(DashboardDaySchema).describe("One entry per day of the range, oldest first, summed over parsers; days without usage are zeros"),
      totals: z.object({ documents: z.int(), pages: z.int(), credits: z.int() }),
    }),
  })
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof DashboardSchema>;

export const usageOperations = {
  list: defineOperation({
    operationId: "getUsage",
    method: "GET",
    path: "/usage",
    tag: "Usage",
    summary: "Usage by day and parser",
    description:
      "Documents, pages and credits processed per UTC day and parser, ordered by day then parser. Only days with usage are listed. The range is inclusive, defaults to the last 30 days and may span at most 366 days.",
    permission: "documents.read",
    query: UsageQuerySchema,
    response: UsageResponseSchema,
    errors: [403, 404],
  }),
  dashboard: defineOperation({
    operationId: "getDashboard",
    method: "GET",
    path: "/dashboard",
    tag: "Usage",
    summary: "The team dashboard",
    description: "Document counts by status, the caller's review queue, and usage per day for the last 30 days summed over parsers.",
    permission: "authenticated",
    response: DashboardSchema,
  }),
};
