import "server-only";
import { lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimitBuckets } from "@/lib/db/schema";

export type RateLimits = { perMinute: number; perDay: number };

export type RateLimitState = {
  /** The window closest to running out: its limit, what is left, and when it resets (epoch seconds). */
  limit: number;
  remaining: number;
  reset: number;
  exceeded: boolean;
  retryAfterSeconds: number;
};

type CountedWindow = { name: string; ms: number; limit: number };

/**
 * Counts one request against fixed windows (UTC minute and UTC day). One atomic upsert per request: the
 * count lives in the database, so limits hold across every server process sharing it.
 */
export async function consumeRateLimit(db: Db, { subject, limits, now = new Date() }: { subject: string; limits: RateLimits; now?: Date }): Promise<RateLimitState> {
  return countWindows(db, { subject, now, windows: [{ name: "minute", ms: 60_000, limit: limits.perMinute }, { name: "day", ms: 86_400_000, limit: limits.perDay }] });
}

export type FixedWindowLimit = { subject: string; /** Names the window in the table, e.g. "hour". */ window: string; windowMs: number; limit: number };

/**
 * One fixed window of any length (e.g. client registrations per hour), counted the same way.
 * Windows longer than a day would be pruned too early by pruneRateLimitBuckets.
 */
export async function consumeFixedWindow(db: Db, { input, now = new Date() }: { input: FixedWindowLimit; now?: Date }): Promise<RateLimitState> {
  return countWindows(db, { subject: input.subject, now, windows: [{ name: input.window, ms: input.windowMs, limit: input.limit }] });
}

/**
 * The upsert for a set of window names, built once per database and window set and run as a named prepared
 * statement: the hot path of every API request pays neither Drizzle's query building nor PostgreSQL's planning.
 */
function preparedUpsert(db: Db, windowNames: string[]) {
  const name = `rate_limit_${windowNames.join("_")}`;
  let forDb = prepared.get(db);
  if (!forDb) prepared.set(db, (forDb = new Map()));
  let statement = forDb.get(name);
  if (!statement) {
    statement = db
      .insert(rateLimitBuckets)
      .values(windowNames.map((window, index) => ({ subject: sql.placeholder("subject"), window, windowStart: sql.placeholder(`start${index}`), count: 1 })))
      .onConflictDoUpdate({
        target: [rateLimitBuckets.subject, rateLimitBuckets.window, rateLimitBuckets.windowStart],
        set: { count: sql`${rateLimitBuckets.count} + 1` },
      })
      .returning({ window: rateLimitBuckets.window, count: rateLimitBuckets.count })
      .prepare(name);
    forDb.set(name, statement);
  }
  return statement;
}

type PreparedUpsert = { execute: (values: Record<string, unknown>) => Promise<{ window: string; count: number }[]> };
const prepared = new WeakMap<Db, Map<string, PreparedUpsert>>();

/** One upsert adds this request to every window; the state describes the window closest to running out. */
async function countWindows(db: Db, input: { subject: string; now: Date; windows: CountedWindow[] }): Promise<RateLimitState> {
  const { subject, now, windows } = input;
  const starts = windows.map((window) => new Date(Math.floor(now.getTime() / window.ms) * window.ms));
  const values: Record<string, unknown> = { subject };
  starts.forEach((start, index) => (values[`start${index}`] = start));
  const rows = await preparedUpsert(db, windows.map((window) => window.name)).execute(values);

  const states = windows.map((window, index) => {
    const count = rows.find((row) => row.window === window.name)?.count ?? 1;
    const resetMs = starts[index]!.getTime() + window.ms;
    return { limit: window.limit, remaining: Math.max(0, window.limit - count), resetMs, exceeded: count > window.limit };
  });
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  const blocking = states.filter((state) => state.exceeded);
  const retryAtMs = blocking.length ? Math.max(...blocking.map((state) => state.resetMs)) : 0;
  return {
    limit: tightest.limit,
    remaining: tightest.remaining,
    reset: Math.ceil(tightest.resetMs / 1000),
    exceeded: blocking.length > 0,
    retryAfterSeconds: blocking.length ? Math.max(1, Math.ceil((retryAtMs - now.getTime()) / 1000)) : 0,
  };
}

/** Windows older than two days can no longer matter. */
export async function pruneRateLimitBuckets(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(now.getTime() - 2 * 86_400_000)));
}
