import { describe, expect, it } from "vitest";
import { call, freshKey, quarry, seedTeam, type ApiResponse } from "../support/http";

/**
 * The per-key limit of 100 requests a minute must be exact when the requests arrive at once: a limiter that reads,
 * then writes, lets a burst through twice. 150 parallel requests with a fresh key: exactly 100 pass, exactly 50 are
 * refused with the spec's 429. On PostgreSQL the burst is split over both server processes sharing the database.
 */
const BURST = 150;
const LIMIT = 100;

/** A burst must land in one UTC minute window; start early enough in a minute (it takes ~3 s) that it cannot straddle two. */
async function startOfFreshMinute(): Promise<void> {
  const msIntoMinute = Date.now() % 60_000;
  if (msIntoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - msIntoMinute + 200));
}

async function burst(key: string, servers: number): Promise<ApiResponse[]> {
  // Whatever the answer, settle every request; a rejected fetch is a failure of the server and fails the test.
  return Promise.all(Array.from({ length: BURST }, (_, index) => call("/api/v1/parsers", { key, server: index % servers })));
}

function expectExactSplit(responses: ApiResponse[]) {
  const passed = responses.filter((response) => response.status >= 200 && response.status < 300);
  const limited = responses.filter((response) => response.status === 429);
  expect(responses.map((response) => response.status).filter((status) => status !== 429 && (status < 200 || status >= 300))).toEqual([]);
  expect(passed).toHaveLength(LIMIT);
  expect(limited).toHaveLength(BURST - LIMIT);
  // Every pass saw its own place in the window: the remaining counts are 99..0, each exactly once.
  const remaining = passed.map((response) => Number(response.headers.get("x-ratelimit-remaining"))).sort((a, b) => b - a);
  expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, index) => LIMIT - 1 - index));
  for (const response of limited) {
    expect(response.body).toEqual({ error: true, code: "RATE_LIMITED", message: expect.stringContaining("Rate limit exceeded") });
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
  }
}

describe("rate limits under concurrency", () => {
  it(`lets exactly ${LIMIT} of ${BURST} parallel requests through and refuses the rest with 429`, async () => {
    await startOfFreshMinute();
    const { key } = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    expectExactSplit(await burst(key, 1));
  }, 120_000);

  it.runIf(quarry().backend === "postgres")(`counts exactly across both server processes: ${LIMIT} of ${BURST} pass`, async () => {
    expect(quarry().baseUrls).toHaveLength(2);
    await startOfFreshMinute();
    const { key } = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    expectExactSplit(await burst(key, 2));
  }, 120_000);
});
