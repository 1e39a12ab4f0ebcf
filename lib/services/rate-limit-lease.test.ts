import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { migrateDatabase, openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { rateLimitBuckets } from "@/lib/db/schema";
import { claimPlaces } from "./rate-limit";
import { grantedPlaces, leaseSize, RateLimitLeaser, type CountedWindow } from "./rate-limit-lease";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMemoryDatabase();
  await migrateDatabase(handle);
});
afterAll(() => handle.close());

/** A leaser as one server process would have it, on the shared test database. */
const leaser = () => new RateLimitLeaser((subject, claims) => claimPlaces(handle.db, { subject, claims }));
const windows = (perMinute: number, perDay: number): CountedWindow[] => [
  { name: "minute", ms: 60_000, limit: perMinute },
  { name: "day", ms: 86_400_000, limit: perDay },
];

async function countIn(subject: string, window: string): Promise<number | undefined> {
  const rows = await handle.db.select({ count: rateLimitBuckets.count }).from(rateLimitBuckets).where(and(eq(rateLimitBuckets.subject, subject), eq(rateLimitBuckets.window, window)));
  return rows.reduce<number | undefined>((sum, row) => (sum ?? 0) + row.count, undefined);
}

describe("lease arithmetic", () => {
  it("claims 1/64 of what remains, at least one place and at most 64", () => {
    expect(leaseSize(100_000_000, 0)).toBe(64);
    expect(leaseSize(1_000, 0)).toBe(15);
    expect(leaseSize(1_000, 900)).toBe(1);
    // The default 100 a minute: every request is its own claim, exact across processes.
    expect(leaseSize(100, 0)).toBe(1);
    expect(leaseSize(100, 250)).toBe(1);
  });

  it("grants the places of a claim up to the limit and none once it started past it", () => {
    expect(grantedPlaces({ countAfter: 64, want: 64, limit: 1_000 })).toEqual({ first: 1, last: 64 });
    expect(grantedPlaces({ countAfter: 105, want: 10, limit: 100 })).toEqual({ first: 96, last: 100 });
    const past = grantedPlaces({ countAfter: 110, want: 5, limit: 100 });
    expect(past.first).toBeGreaterThan(past.last);
  });
});

describe("RateLimitLeaser on a real database", () => {
  it("serves a large limit from blocks: one claim per 64 requests, remaining counted down request by request", async () => {
    const server = leaser();
    const now = new Date("2026-02-01T10:00:10Z");
    const states = [];
    for (let i = 0; i < 100; i++) states.push(await server.take("key:blocks", { windows: windows(1_000_000, 100_000_000), now }));
    expect(states.map((state) => state.remaining)).toEqual(Array.from({ length: 100 }, (_, index) => 1_000_000 - 1 - index));
    expect(states.every((state) => !state.exceeded)).toBe(true);
    // Two claims of 64 places each in both windows.
    expect(await countIn("key:blocks", "minute")).toBe(128);
    expect(await countIn("key:blocks", "day")).toBe(128);
  });

  it("starts a new minute empty and keeps serving the day from its block", async () => {
    const server = leaser();
    const first = await server.take("key:rollover", { windows: windows(1_000_000, 100_000_000), now: new Date("2026-02-01T10:00:59Z") });
    const next = await server.take("key:rollover", { windows: windows(1_000_000, 100_000_000), now: new Date("2026-02-01T10:01:00Z") });
    expect(first.remaining).toBe(1_000_000 - 1);
    expect(next.remaining).toBe(1_000_000 - 1);
    expect(next.reset).toBe(Date.parse("2026-02-01T10:02:00Z") / 1000);
    // The new minute claimed its own block; the day's second request came from the first block.
    expect(await countIn("key:rollover", "minute")).toBe(128);
    expect(await countIn("key:rollover", "day")).toBe(64);
  });

  it("counts every request in the database under the default 100 a minute: two processes see 99..0 in turn", async () => {
    const servers = [leaser(), leaser()];
    const now = new Date("2026-02-01T11:00:05Z");
    const remaining = [];
    for (let i = 0; i < 100; i++) remaining.push((await servers[i % 2]!.take("key:alternate", { windows: windows(100, 10_000), now })).remaining);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, index) => 99 - index));
    const refused = await servers[0]!.take("key:alternate", { windows: windows(100, 10_000), now });
    expect(refused).toMatchObject({ exceeded: true, remaining: 0, limit: 100, retryAfterSeconds: 55 });
    expect((await servers[1]!.take("key:alternate", { windows: windows(100, 10_000), now })).exceeded).toBe(true);
  });

  it("never serves more than the limit across two processes, and serves all of it to those that keep asking", async () => {
    const servers = [leaser(), leaser()];
    const now = new Date("2026-02-01T12:00:00Z");
    const limits = windows(1_000, 100_000);
    const burst = await Promise.all(Array.from({ length: 1_500 }, (_, index) => servers[index % 2]!.take("key:burst", { windows: limits, now })));
    const served = burst.filter((state) => !state.exceeded);
    expect(served.length).toBeLessThanOrEqual(1_000);
    // A process may still hold a few places of its last block; asking until both refuse uses them up.
    for (const server of servers) {
      for (;;) {
        const state = await server.take("key:burst", { windows: limits, now });
        if (state.exceeded) break;
        served.push(state);
      }
    }
    expect(served.map((state) => state.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 1_000 }, (_, index) => 999 - index));
  });

  it("refuses a full window without another round trip, and does not count refused requests", async () => {
    const server = leaser();
    const now = new Date("2026-02-01T13:00:00Z");
    for (let i = 0; i < 3; i++) expect((await server.take("key:full", { windows: windows(3, 100), now })).exceeded).toBe(false);
    // The third claim saw the count reach the limit: the refusals that follow cost no query and count nothing.
    for (let i = 0; i < 5; i++) expect((await server.take("key:full", { windows: windows(3, 100), now }))).toMatchObject({ exceeded: true, remaining: 0, limit: 3 });
    expect(await countIn("key:full", "minute")).toBe(3);
    // The day was claimed one place at a time with the minute (the tightest window bounds the block).
    expect(await countIn("key:full", "day")).toBe(3);
  });

  it("forgets the oldest subject past its bound without serving anyone twice", async () => {
    const server = new RateLimitLeaser((subject, claims) => claimPlaces(handle.db, { subject, claims }), 1);
    const now = new Date("2026-02-01T14:00:00Z");
    const a1 = await server.take("key:bound-a", { windows: windows(1_000_000, 100_000_000), now });
    await server.take("key:bound-b", { windows: windows(1_000_000, 100_000_000), now });
    const a2 = await server.take("key:bound-a", { windows: windows(1_000_000, 100_000_000), now });
    expect(a1.remaining).toBe(1_000_000 - 1);
    // Its first block was forgotten: the next request took a place of a new block.
    expect(a2.remaining).toBe(1_000_000 - 65);
  });

  it("fails each waiting request whose claim fails, with no unhandled rejection", async () => {
    const closed = await openMemoryDatabase();
    await migrateDatabase(closed);
    const server = new RateLimitLeaser((subject, claims) => claimPlaces(closed.db, { subject, claims }));
    const now = new Date("2026-02-01T15:00:00Z");
    await closed.close();
    const attempts = await Promise.allSettled([1, 2, 3].map(() => server.take("key:closed", { windows: windows(1_000_000, 100_000_000), now })));
    expect(attempts.map((attempt) => attempt.status)).toEqual(["rejected", "rejected", "rejected"]);
    // It opens and migrates its own PGlite database, which alone passed the 5 s default on a busy 2-core machine.
  }, 60_000);
});
