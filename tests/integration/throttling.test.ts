import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleTokenFor, quarry, signIn } from "../support/http";
import { connectAgent, decide, openConsent, signedInJar } from "../support/mcp-oauth";
import { parseSeedOutput, type SeedOutput } from "../support/seed-output";
import { runSeed, startServer, tempDataDir, type RunningServer } from "../support/server";
import { callSignInAction } from "../support/sign-in-action";

/**
 * Throttling where there was none (issue #19, item 6), on this file's own server so that small limits and a
 * blocked client address (all tests come from 127.0.0.1) touch nothing else: RATE_LIMIT_PER_MINUTE=1 (so a
 * person's budget is 10 a minute) and OAUTH_REGISTRATIONS_PER_HOUR=3. No TRUST_PROXY: X-Forwarded-For sent
 * by a client must not change the address the throttles see.
 *
 * The tests run in order and build on each other: the MCP budget first (it needs a registration and a
 * sign-in), then the registration limit, the per-account sign-in wait, and last the per-address one, which
 * leaves 127.0.0.1 unable to sign in to this server for a while.
 */
let server: RunningServer;
let dataDir = "";
let seed: SeedOutput;
let base = "";

beforeAll(async () => {
  dataDir = tempDataDir("quarry-throttle-");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AUTH_SECRET: "",
    REGION: "us",
    WORKER: "inline",
    EU_BASE_URL: "https://eu.quarry.test",
    SAFE_FETCH_ALLOW: "",
    RATE_LIMIT_PER_MINUTE: "1",
    OAUTH_REGISTRATIONS_PER_HOUR: "3",
    TRUST_PROXY: "0",
  };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  seed = parseSeedOutput(seeded.stdout);
  server = await startServer(env);
  base = server.baseUrl;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir && dataDir !== quarry().dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function member(team: "Acme" | "Globex", role: "admin" | "reviewer") {
  const found = seed.teams.find((candidate) => candidate.name === team)?.members.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} in ${team}`);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A burst must land in one UTC minute window. */
async function startOfFreshMinute(): Promise<void> {
  const msIntoMinute = Date.now() % 60_000;
  if (msIntoMinute > 40_000) await sleep(60_000 - msIntoMinute + 200);
}

type Attempt = { status: number; retryAfter: number | null; message: string | null; signedIn: boolean };

/** One sign-in over HTTP through next-auth's credentials callback. */
async function attempt(email: string, password: string, headers: Record<string, string> = {}): Promise<Attempt> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }),
    redirect: "manual",
  });
  const text = await response.text();
  let message: string | null = null;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? null;
  } catch {
    // a redirect, not JSON
  }
  const retryAfter = response.headers.get("retry-after");
  return { status: response.status, retryAfter: retryAfter === null ? null : Number(retryAfter), message, signedIn: response.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token=")) };
}

const THROTTLED = /^Too many sign-in attempts\. Try again in \d+ seconds?\.$/;

describe("MCP requests count against the user's own budget", () => {
  it("carry X-RateLimit-* like the REST API, and 429 + Retry-After past the limit, shared with the console", async () => {
    await startOfFreshMinute();
    const admin = member("Acme", "admin");
    const teamId = seed.teams.find((team) => team.name === "Acme")!.id;
    const jar = await signedInJar(base, admin.email, admin.password);
    const { client, auth } = await connectAgent(base, async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId }));
    await client.close();
    const bearer = auth.stored?.access_token;
    expect(bearer).toEqual(expect.any(String));

    const answers: { status: number; limit: string | null; remaining: number; reset: number; retryAfter: string | null; body: string }[] = [];
    for (let index = 0; index < 14; index++) {
      const response = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: index + 1, method: "tools/list", params: {} }),
      });
      answers.push({
        status: response.status,
        limit: response.headers.get("x-ratelimit-limit"),
        remaining: Number(response.headers.get("x-ratelimit-remaining")),
        reset: Number(response.headers.get("x-ratelimit-reset")),
        retryAfter: response.headers.get("retry-after"),
        body: await response.text(),
      });
    }
    const passed = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(passed.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    // 10 a minute: RATE_LIMIT_PER_MINUTE × 10, the console's per-person budget.
    for (const answer of answers) {
      expect(answer.limit).toBe("10");
      expect(answer.reset).toBeGreaterThan(Date.now() / 1000);
    }
    const remaining = passed.map((answer) => answer.remaining);
    expect(remaining).toEqual([...remaining].sort((a, b) => b - a));
    expect(answers.findIndex((answer) => answer.status === 429)).toBe(passed.length); // once refused, refused
    for (const answer of limited) {
      expect(answer.remaining).toBe(0);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
      expect(JSON.parse(answer.body)).toMatchObject({ error: true, code: "RATE_LIMITED", message: expect.stringContaining("Rate limit exceeded") });
    }

    // One budget per person: the same user's console token is out of room too.
    const cookie = await signIn(admin.email, admin.password, base);
    const token = await consoleTokenFor(cookie!, base);
    const rest = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(429);
    expect(rest.headers.get("x-ratelimit-limit")).toBe("10");
  }, 120_000);
});

describe("dynamic client registration is limited per client address", () => {
  it("answers 429 with an OAuth error past the hourly limit, whatever X-Forwarded-For says", async () => {
    const register = (headers: Record<string, string> = {}) =>
      fetch(`${base}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ client_name: "Registration flood", redirect_uris: ["http://127.0.0.1:9/callback"], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" }),
      });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let index = 0; index < 5 && !refused; index++) {
      const response = await register();
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    // The MCP test above registered one client already: at most three in all.
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    expect(refused).toBeDefined();
    expect(await refused!.json()).toMatchObject({ error: "too_many_requests", error_description: expect.stringContaining("Try again in") });
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get("retry-after"))).toBeLessThanOrEqual(3600);

    // Without TRUST_PROXY a client's own X-Forwarded-For is ignored; encoding the path does not route around it.
    for (const forwarded of ["198.51.100.7", "203.0.113.9, 198.51.100.8"]) expect((await register({ "x-forwarded-for": forwarded })).status).toBe(429);
    const encoded = await fetch(`${base}/oauth/%72egister`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: ["http://127.0.0.1:9/cb"] }) });
    expect(encoded.status).not.toBe(201);
  });
});

describe("sign-in is throttled per account", () => {
  it("gives five free failures, then a growing wait with a clear message, then lets the owner in", async () => {
    const reviewer = member("Acme", "reviewer");
    for (let index = 0; index < 5; index++) {
      const failed = await attempt(reviewer.email, `wrong-${index}`);
      expect(failed.status, `failure ${index + 1}`).toBe(302);
      expect(failed.signedIn).toBe(false);
    }
    const sixth = await attempt(reviewer.email, "wrong-6");
    expect(sixth.status).toBe(429);
    expect(sixth.message).toMatch(THROTTLED);
    expect(sixth.retryAfter).toBeGreaterThanOrEqual(1);
    expect(sixth.retryAfter).toBeLessThanOrEqual(2);
    // During the wait not even the right password is checked.
    const right = await attempt(reviewer.email, reviewer.password);
    expect(right.status).toBe(429);
    expect(right.signedIn).toBe(false);
    // The console's form shows the same message (its server action).
    const form = await callSignInAction(base, { email: reviewer.email, password: reviewer.password });
    expect(form.target).toBeNull();
    expect(form.body).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds?\./);

    // The wait grows: after it, one more failure buys a longer one.
    await sleep(sixth.retryAfter! * 1000 + 300);
    const sentSeventh = Date.now();
    expect((await attempt(reviewer.email, "wrong-7")).status).toBe(302);
    const longer = await attempt(reviewer.email, "wrong-8");
    expect(longer.status).toBe(429);
    // The wait of four seconds starts while the seventh failure is answered; on a loaded machine the two requests
    // can take more than a second, which the Retry-After rightly no longer counts.
    const elapsed = Math.ceil((Date.now() - sentSeventh) / 1000);
    expect(longer.retryAfter! + elapsed).toBeGreaterThanOrEqual(4);
    expect(longer.retryAfter).toBeLessThanOrEqual(4);
    expect(longer.message).toBe(`Too many sign-in attempts. Try again in ${longer.retryAfter} seconds.`);

    // Waiting it out is enough, and success clears the account's failures.
    await sleep(longer.retryAfter! * 1000 + 300);
    const owner = await attempt(reviewer.email, reviewer.password);
    expect(owner.signedIn).toBe(true);
    expect((await attempt(reviewer.email, "wrong-again")).status).toBe(302);
  }, 60_000);
});

describe("sign-in is throttled per client address", () => {
  it("refuses an address that failed for many accounts, for every account, whatever X-Forwarded-For says", async () => {
    let refused: Attempt | undefined;
    let failures = 0;
    for (let index = 0; index < 25 && !refused; index++) {
      const result = await attempt(`nobody-${index}@example.test`, "wrong-password");
      if (result.status === 429) refused = result;
      else {
        expect(result.status).toBe(302);
        failures++;
      }
    }
    // 20 free failures per address; the account test above already spent some of them.
    expect(failures).toBeLessThanOrEqual(20);
    expect(refused?.message).toMatch(THROTTLED);

    const globex = member("Globex", "admin");
    const other = await attempt(globex.email, globex.password);
    expect(other.status).toBe(429);
    expect(other.signedIn).toBe(false);
    const spoofed = await attempt(globex.email, globex.password, { "x-forwarded-for": "198.51.100.99" });
    expect(spoofed.status).toBe(429);
  }, 60_000);
});
