import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { backoffSeconds, beginSignInAttempt, SIGN_IN_POLICIES, signInSubjects } from "./sign-in-throttle";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMemoryDatabase();
  await migrateDatabase(handle);
});
afterAll(() => handle.close());

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, 0) + seconds * 1000);

/** A failed attempt at `second` (or the wait it was refused with). */
async function fail(subjects: ReturnType<typeof signInSubjects>, second: number): Promise<number> {
  const attempt = await beginSignInAttempt(handle.db, { subjects, now: at(second) });
  return attempt.retryAfterSeconds;
}

describe("backoffSeconds", () => {
  it("is free for five failures, then doubles from 2 s up to 15 minutes", () => {
    const waits = Array.from({ length: 16 }, (_, failures) => backoffSeconds(failures, SIGN_IN_POLICIES.account));
    expect(waits).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(backoffSeconds(10_000, SIGN_IN_POLICIES.account)).toBe(900);
  });
});

describe("beginSignInAttempt", () => {
  it("lets five failures through, then makes each try wait longer, and forgets a refused try", async () => {
    const subjects = signInSubjects("Victim@Example.test", "198.51.100.1");
    for (let second = 0; second < 5; second++) expect(await fail(subjects, second)).toBe(0);
    // 5 failures, the last at t=4: the next try waits 2 s.
    expect(await fail(subjects, 5)).toBe(1);
    expect(await fail(subjects, 5)).toBe(1); // refused tries do not make the wait longer
    expect(await fail(subjects, 6)).toBe(0); // t=6: allowed, and fails → 6 failures
    expect(await fail(subjects, 7)).toBe(3); // 4 s after t=6
    expect(await fail(subjects, 10)).toBe(0); // → 7 failures
    expect(await fail(subjects, 11)).toBe(7);
  });

  it("clears the account's failures on success, whoever failed before", async () => {
    const subjects = signInSubjects("owner@example.test", "198.51.100.2");
    for (let second = 0; second < 6; second++) await fail(subjects, second);
    const later = await beginSignInAttempt(handle.db, { subjects, now: at(3600) });
    expect(later.retryAfterSeconds).toBe(0);
    await later.succeeded();
    expect(await fail(subjects, 3601)).toBe(0);
  });

  it("counts an address across accounts, with more room", async () => {
    const address = "203.0.113.50";
    for (let index = 0; index < 20; index++) expect(await fail(signInSubjects(`user${index}@example.test`, address), index)).toBe(0);
    expect(await fail(signInSubjects("fresh@example.test", address), 20)).toBe(1);
    expect(await fail(signInSubjects("fresh@example.test", "203.0.113.51"), 20)).toBe(0);
  });

  it("lets at most the free failures through when guesses arrive at once", async () => {
    const subjects = signInSubjects("burst@example.test", null);
    const waits = await Promise.all(Array.from({ length: 30 }, () => beginSignInAttempt(handle.db, { subjects, now: at(0) }).then((attempt) => attempt.retryAfterSeconds)));
    expect(waits.filter((wait) => wait === 0).length).toBeLessThanOrEqual(SIGN_IN_POLICIES.account.freeFailures + 1);
  });

  it("stores the e-mail only as a hash", () => {
    const subjects = signInSubjects("Someone@Example.test", "::ffff:127.0.0.1");
    expect(subjects.account).toMatch(/^signin:account:[0-9a-f]{32}$/);
    expect(subjects.account).toBe(signInSubjects(" someone@example.test ", null).account);
  });
});
