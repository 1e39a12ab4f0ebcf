import "server-only";
import { lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimitBuckets } from "@/lib/db/schema";
import { RateLimitLeaser, type CountedWindow, type RateLimitState, type WindowClaim } from "./rate-limit-lease";

export type { RateLimitState } from "./rate-limit-lease";
export type RateLimits = { perMinute: number; perDay: number };

/**
 * Counts one request against fixed windows (UTC minute and UTC day). The counts live in the database, so limits
 * hold across every server process sharing it; each process leases places in blocks (./rate-limit-lease.ts), so a
 * subject with a large limit costs one round trip per block instead of one per request.
 */
export async function consumeRateLimit(db: Db, { subject, limits, now = new Date() }: { subject: string; limits: RateLimits; now?: Date }): Promise<RateLimitState> {
  const windows: CountedWindow[] = [
    { name: "minute", ms: 60_000, limit: limits.perMinute },
    { name: "day", ms: 86_400_000, limit: limits.perDay },
  ];
  return leaserFor(db).take(subject, { windows, now });
}

export type FixedWindowLimit = { subject: string; /** Names the window in the table, e.g. "hour". */ window: string; windowMs: number; limit: number };

/**
 * One fixed window of any length (e.g. client registrations per hour), counted the same way.
 * Windows longer than a day would be pruned too early by pruneRateLimitBuckets.
 */
export async function consumeFixedWindow(db: Db, { input, now = new Date() }: { input: FixedWindowLimit; now?: Date }): Promise<RateLimitState> {
  return leaserFor(db).take(input.subject, { windows: [{ name: input.window, ms: input.windowMs, limit: input.limit }], now });
}

const leasers = new WeakMap<Db, RateLimitLeaser>();

/** This process's leases on one database (tests open several). */
function leaserFor(db: Db): RateLimitLeaser {
  let leaser = leasers.get(db);
  if (!leaser) leasers.set(db, (leaser = new RateLimitLeaser((subject, claims) => claimPlaces(db, { subject, claims }))));
  return leaser;
}

/** Adds each window's wanted places to its count in one atomic upsert; answers the counts after it. */
export async function claimPlaces(db: Db, { subject, claims }: { subject: string; claims: WindowClaim[] }): Promise<Map<string, number>> {
  const values: Record<string, unknown> = { subject };
  claims.forEach((claim, index) => {
    values[`start${index}`] = claim.start;
    values[`want${index}`] = claim.want;
  });
  const rows = await preparedUpsert(db, claims.map((claim) => claim.window)).execute(values);
  return new Map(rows.map((row) => [row.window, row.count]));
}

/**
 * The upsert for a set of window names, built once per database and window set and run as a named prepared
 * statement: a claim pays neither Drizzle's query building nor PostgreSQL's planning.
 */
function preparedUpsert(db: Db, windowNames: string[]) {
  const name = `rate_limit_claim_${windowNames.join("_")}`;
  let forDb = prepared.get(db);
  if (!forDb) prepared.set(db, (forDb = new Map()));
  let statement = forDb.get(name);
  if (!statement) {
    statement = db
      .insert(rateLimitBuckets)
      .values(windowNames.map((window, index) => ({ subject: sql.placeholder("subject"), window, windowStart: sql.placeholder(`start${index}`), count: sql.placeholder(`want${index}`) })))
      .onConflictDoUpdate({
        target: [rateLimitBuckets.subject, rateLimitBuckets.window, rateLimitBuckets.windowStart],
        set: { count: sql`${rateLimitBuckets.count} + excluded.count` },
      })
      .returning({ window: rateLimitBuckets.window, count: rateLimitBuckets.count })
      .prepare(name);
    forDb.set(name, statement);
  }
  return statement;
}

type PreparedUpsert = { execute: (values: Record<string, unknown>) => Promise<{ window: string; count: number }[]> };
const prepared = new WeakMap<Db, Map<string, PreparedUpsert>>();

/** Windows older than two days can no longer matter. */
export async function pruneRateLimitBuckets(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(now.getTime() - 2 * 86_400_000)));
}
