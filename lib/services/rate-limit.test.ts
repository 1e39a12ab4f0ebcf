import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { consumeRateLimit, pruneRateLimitBuckets } from "./rate-limit";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMemoryDatabase();
  await migrateDatabase(handle);
});
afterAll(() => handle.close());

describe("consumeRateLimit", () => {
  const limits = { perMinute: 3, perDay: 5 };

  it("counts down the minute window and blocks past it until the next minute", async () => {
    const now = new Date("2026-01-01T10:00:30Z");
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await consumeRateLimit(handle.db, { subject: "key:a", limits, now }));
    expect(states.map((s) => s.remaining)).toEqual([2, 1, 0, 0]);
    expect(states[2]!.exceeded).toBe(false);
    expect(states[3]!.exceeded).toBe(true);
    expect(states[3]!.retryAfterSeconds).toBe(30);
    expect(states[0]!.reset).toBe(Date.parse("2026-01-01T10:01:00Z") / 1000);

    const nextMinute = await consumeRateLimit(handle.db, { subject: "key:a", limits, now: new Date("2026-01-01T10:01:01Z") });
    expect(nextMinute.exceeded).toBe(false);
  });

  it("reports the day window once it is the one closest to running out", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 10, minute, 0));
    const results = [];
    for (let minute = 0; minute < 6; minute++) results.push(await consumeRateLimit(handle.db, { subject: "key:b", limits, now: at(minute) }));
    // One request a minute never trips the minute window; the sixth trips the day.
    expect(results[4]!.remaining).toBe(0);
    expect(results[4]!.limit).toBe(5);
    expect(results[5]!.exceeded).toBe(true);
    expect(results[5]!.reset).toBe(Date.UTC(2026, 0, 3) / 1000);
  });

  it("keeps subjects apart and prunes old windows", async () => {
    const now = new Date("2026-01-05T00:00:00Z");
    expect((await consumeRateLimit(handle.db, { subject: "key:c", limits, now })).remaining).toBe(2);
    await pruneRateLimitBuckets(handle.db, new Date("2026-01-10T00:00:00Z"));
    expect((await consumeRateLimit(handle.db, { subject: "key:c", limits, now })).remaining).toBe(2);
  });
});
