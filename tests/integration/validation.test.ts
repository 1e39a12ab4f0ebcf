import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyMutations, rawBodyVariants, unboundedParts, type RawVariant } from "../support/body-mutations";
import { call, freshKey, quarry, seedTeam, type ApiResponse } from "../support/http";
import { keyPool } from "../support/key-pool";
import { seededAgent } from "../support/mcp-seeded-agent";
import { openApiRoutes, type JsonSchema, type OpenApiRoute } from "../support/openapi-routes";
import { BAD_PATH_SEGMENTS, HANG_MS, sendPath, sendRaw, withBadSegment, type TimedResponse } from "../support/raw-requests";
import { fillPath, SAMPLE_QUERIES, sampleBody, withQuery, type SampleEnv } from "../support/sample-requests";
import { buildTeamWorld, uploadPdf, worldIds, type TeamWorld } from "../support/team-world";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * Mass assignment and validation, generated from `GET /api/v1/openapi.json`. For every write route with a JSON
 * body: unknown keys (`teamId`, `status`, `id`, `reviewerId` where the contract has no such key, and a random one)
 * are a 400 naming the key; wrong types, strings past their maxLength and arrays past their maxItems are 400s with
 * the spec's error body. Then a property-based fuzz (fast-check, fixed seeds) of bodies and query strings against
 * every route with the team's own ids, so requests get past the 404s: no answer may be a 5xx, and every 4xx has
 * the spec's error body. A failure prints the seed; `QUARRY_FUZZ_SEED=<seed>` replays it.
 */
const FUZZ_SEED = Number(process.env.QUARRY_FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.QUARRY_FUZZ_RUNS ?? 12);
const RANDOM_KEY = `unexpected${FUZZ_SEED.toString(36)}`;
const MASS_ASSIGNMENT_KEYS = ["teamId", "status", "id", "reviewerId", RANDOM_KEY];

let own: TeamWorld;
let routes: OpenApiRoute[] = [];
let resolve: (schema: JsonSchema) => JsonSchema;
let env: SampleEnv;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let minter: string;
const keys = keyPool(() => minter);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  minter = (await freshKey(seedTeam("Acme").apiKey)).key;
  env = { webhookUrl: receiver.url, fixtureUrl: `${quarry().fixtureBaseUrl}/invoice.pdf` };
  ({ routes, resolve } = await openApiRoutes());
  own = await buildTeamWorld(keys, receiver.url);
}, 240_000);

afterAll(async () => {
  // The fuzz may have remapped the seeded admin's shortcuts: give them back their defaults.
  if (minter) await call("/api/v1/me/preferences", { key: await keys.key(), method: "PATCH", body: { reviewKeymap: null } });
  await receiver?.close();
});

const jsonWriteRoutes = () => routes.filter((route) => route.jsonBody && ["POST", "PUT", "PATCH"].includes(route.method));

function expectErrorBody(response: ApiResponse<unknown>, label: string) {
  const body = response.body as { error?: unknown; message?: unknown } | null;
  expect(body?.error, `${label}: ${JSON.stringify(response.body)}`).toBe(true);
  expect(typeof body?.message === "string" && body.message.trim().length > 0, `${label}: a message`).toBe(true);
}

async function send(route: OpenApiRoute, body: unknown, query?: Record<string, string>) {
  return call<unknown>(withQuery(fillPath(route.path, own), query), { method: route.method, key: await keys.key(), body });
}

describe("request bodies: the contract in openapi.json", () => {
  it("has a JSON write route to test, and a sample body for each", () => {
    expect(jsonWriteRoutes().length).toBeGreaterThan(25);
    for (const route of jsonWriteRoutes()) expect(() => sampleBody(route.key, own, own, env), route.key).not.toThrow();
  });

  it("bounds every array and every free-text string of every body", () => {
    const unbounded = jsonWriteRoutes().flatMap((route) => unboundedParts(route.jsonBody!, resolve).map((part) => `${route.key} ${part}`));
    expect(unbounded).toEqual([]);
  });
});

describe("mass assignment: unknown keys are a 400 that names them", () => {
  it.each(["teamId", "status", "id", "reviewerId", "a random key"])("%s", async (which) => {
    const key = which === "a random key" ? RANDOM_KEY : which;
    let tested = 0;
    for (const route of jsonWriteRoutes()) {
      const allowed = Object.keys(resolve(route.jsonBody!).properties ?? {});
      if (allowed.includes(key)) continue;
      const base = sampleBody(route.key, own, own, env) as Record<string, unknown>;
      const response = await send(route, { ...base, [key]: key === "status" ? "approved" : key === RANDOM_KEY ? true : own.teamId });
      const label = `${route.key} with ${key}`;
      expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(400);
      expectErrorBody(response, label);
      const body = response.body as { message: string; issues?: { path: string; message: string }[] };
      expect(body.message, label).toContain(key);
      // The valid sample body is otherwise fine: the unknown key is the only complaint.
      expect(body.issues, label).toHaveLength(1);
      tested += 1;
    }
    expect(tested).toBeGreaterThan(20);
  });
});

describe("validation: wrong types, too-long strings, too many items, nested unknown keys", () => {
  it("answers each invalid variant of every write route's body with 400 and the spec's error body", async () => {
    const failures: string[] = [];
    let tested = 0;
    for (const route of jsonWriteRoutes()) {
      const base = sampleBody(route.key, own, own, env);
      for (const mutation of bodyMutations(base, route.jsonBody!, resolve, MASS_ASSIGNMENT_KEYS)) {
        const response = await send(route, mutation.body);
        tested += 1;
        const body = response.body as { error?: unknown; message?: unknown } | null;
        const bodyOk = body?.error === true && typeof body.message === "string" && body.message.length > 0;
        const keyOk = !mutation.unknownKey || (typeof body?.message === "string" && body.message.includes(mutation.unknownKey));
        if (response.status !== 400 || !bodyOk || !keyOk) failures.push(`${route.key} ${mutation.label}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
      }
    }
    console.log(`validation: ${tested} invalid variants over ${jsonWriteRoutes().length} write routes`);
    expect(tested).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 180_000);
});

describe("hostile text: NUL and friends in every string are a 4xx or accepted, never a 5xx", () => {
  it("holds for every free-text property of every write route and every string query parameter", async () => {
    const failures: string[] = [];
    const check = (label: string, response: ApiResponse<unknown>) => {
      const body = response.body as { error?: unknown; message?: unknown } | null;
      if (response.status >= 500 || (response.status >= 400 && (body?.error !== true || typeof body.message !== "string" || body.message === ""))) {
        failures.push(`${label}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      }
    };
    for (const route of jsonWriteRoutes()) {
      const properties = resolve(route.jsonBody!).properties ?? {};
      const base = sampleBody(route.key, own, own, env) as Record<string, unknown>;
      for (const [name, property] of Object.entries(properties)) {
        const schema = resolve(property);
        if (schema.type !== "string" || schema.enum || schema.format || schema.pattern) continue;
        check(`${route.key} ${name}`, await send(route, { ...base, [name]: "nul\u0000here" }));
      }
    }
    for (const route of routes.filter((candidate) => candidate.method === "GET" && candidate.queryParams.length > 0)) {
      for (const name of route.queryParams) check(`${route.key} ?${name}`, await send(route, undefined, { ...SAMPLE_QUERIES[route.key]?.(own), [name]: "nul\u0000here" }));
    }
    for (const route of routes.filter((candidate) => candidate.multipart)) {
      const url = fillPath(route.path, own);
      check(`${route.key} externalIds`, { ...(await uploadPdf(url, await keys.key(), { externalIds: JSON.stringify(["nul\u0000here"]) })), headers: new Headers() });
      check(`${route.key} file name`, { ...(await uploadPdf(url, await keys.key(), {}, "nul\u0000here.pdf")), headers: new Headers() });
    }
    expect(failures).toEqual([]);
  });
});

describe("raw bodies and paths: depth, size, type and encoding are a 4xx, never a 5xx or a hang", () => {
  /** Why an answer is wrong for what the variant expects, or null when it is right. */
  function wrongAnswer(response: TimedResponse, expected: RawVariant["expect"] | "path"): string | null {
    if (response.status === 0) return `no answer within ${HANG_MS} ms: ${String(response.body)}`;
    if (response.status >= 500) return "a 5xx";
    const body = response.body as { error?: unknown; message?: unknown } | null;
    const errorBody = body?.error === true && typeof body.message === "string" && body.message.trim() !== "";
    if (response.status >= 400 && !errorBody) return "a 4xx without the spec's error body";
    if (expected === "depth" && (response.status !== 400 || !String(body?.message).includes("nested deeper than 64 levels"))) return "not the 400 for deep JSON";
    if (expected === "413" && response.status !== 413) return "not a 413";
    if (expected === "4xx" && (response.status < 400 || response.status >= 500)) return "not a 4xx";
    if (expected === "path" && ![400, 404].includes(response.status)) return "not a 400 or 404";
    return null;
  }

  it("answers every variant of every write route's body as expected", async () => {
    const failures: string[] = [];
    const variantLabels = new Set<string>();
    let requests = 0;
    let slowest = { ms: 0, label: "" };
    const record = (label: string, response: TimedResponse, expected: RawVariant["expect"] | "path") => {
      requests += 1;
      if (response.ms > slowest.ms) slowest = { ms: response.ms, label };
      const wrong = wrongAnswer(response, expected);
      if (wrong) failures.push(`${label}: ${wrong} (${response.status} ${JSON.stringify(response.body).slice(0, 200)})`);
    };
    for (const route of jsonWriteRoutes()) {
      const base = sampleBody(route.key, own, own, env);
      const property = base && typeof base === "object" && !Array.isArray(base) ? (Object.keys(base)[0] ?? null) : null;
      for (const variant of rawBodyVariants(base, property)) {
        variantLabels.add(variant.label);
        record(`${route.key} ${variant.label}`, await sendRaw({ path: fillPath(route.path, own), method: route.method, key: await keys.key(), variant }), variant.expect);
      }
    }
    // Multipart uploads carry JSON in their externalIds and custom fields.
    for (const route of routes.filter((candidate) => candidate.multipart)) {
      for (const [label, levels] of [["65 levels", 65], ["8,000 levels", 8000]] as const) {
        const deep = `${"[".repeat(levels)}${"]".repeat(levels)}`;
        const response = await uploadPdf(fillPath(route.path, own), await keys.key(), { custom: deep });
        record(`${route.key} custom of ${label}`, { ...response, headers: new Headers(), ms: 0 }, "depth");
      }
    }
    const bodyRequests = requests;
    // Paths: every route with a path parameter, its last one percent-encoded badly; then paths no route claims
    // (the catch-all). A route without parameters is left out: a segment added to it can name another route's
    // path, for which Next answers a method the route does not export with its own bare 405.
    const paths = routes.flatMap((route) =>
      BAD_PATH_SEGMENTS.map((segment) => ({ method: route.method, path: withBadSegment(fillPath(route.path, own), route.path, segment) })).filter((probe) => probe.path !== null),
    );
    for (const path of ["/api/v1/parsers/%ff%fe", "/api/v1/%E0%A4%A", "/api/v1/%", "/api/v1/parsers/%ff%fe/documents/%", "/api/v1/nothing/%00"]) paths.push({ method: "GET", path });
    // Four at a time: these are cheap answers, and the suite's time is better spent elsewhere.
    for (let start = 0; start < paths.length; start += 4) {
      const batch = paths.slice(start, start + 4) as { method: string; path: string }[];
      const answers = await Promise.all(batch.map(async (probe) => sendPath({ ...probe, key: await keys.key() })));
      answers.forEach((answer, index) => record(`${batch[index]!.method} ${batch[index]!.path}`, answer, "path"));
    }
    console.log(
      `raw requests: ${bodyRequests} bodies (${variantLabels.size} variants over ${jsonWriteRoutes().length} JSON write routes, plus multipart), ` +
        `${requests - bodyRequests} paths (${BAD_PATH_SEGMENTS.length} encodings over the routes with path parameters, and the catch-all); ` +
        `${failures.length} wrong answers; slowest ${Math.round(slowest.ms)} ms (${slowest.label})`,
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it("refuses deep JSON on MCP (a JSON-RPC parse error) and on OAuth client registration", async () => {
    const { auth } = await seededAgent("Acme", await keys.key());
    const token = (await auth.tokens())!.access_token;
    for (const levels of [65, 8000]) {
      const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_parsers","arguments":{"x":${"[".repeat(levels)}${"]".repeat(levels)}}}}`;
      const mcp = await sendRaw({ path: "/mcp", method: "POST", key: token, variant: { label: "deep", body: deep, contentType: "application/json", expect: "4xx" } });
      expect(mcp.status, JSON.stringify(mcp.body)).toBe(400);
      expect(mcp.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringContaining("nested deeper than 64 levels") } });
      // Stored before: the provider keeps extra metadata, and 8,000 levels overflow JSON.stringify wherever it is read.
      const rawBody = `{"redirect_uris":["http://127.0.0.1:9/callback"],"client_name":"deep","extra":${"[".repeat(levels)}${"]".repeat(levels)}}`;
      const registration = await call("/oauth/register", { method: "POST", rawBody, headers: { "content-type": "application/json" } });
      expect(registration.status, JSON.stringify(registration.body)).toBe(400);
      expect(registration.body).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("nested deeper than 64 levels") });
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The fuzz

/** Characters that break naive SQL, LIKE patterns, JSON and PostgreSQL text (NUL), among any code point. */
const HOSTILE_CHARACTERS = ["\u0000", "'", '"', "\\", "%", "_", "\u202e", "😀", "\n", "$1", "{{"];
const character = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...HOSTILE_CHARACTERS) }, { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) });
const anyString = fc.string({ unit: character, maxLength: 40 });
const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: character });

function queryArbitrary(route: OpenApiRoute, ids: string[]) {
  const name = fc.oneof(route.queryParams.length > 0 ? fc.constantFrom(...route.queryParams) : fc.constant("q"), fc.string({ maxLength: 12 }));
  const value = fc.oneof(anyString, fc.constantFrom(...ids, "true", "false", "0", "-1", "1e309", "", "null", "[]", "2024-02-30", "me", "any"));
  return fc.dictionary(name, value, { maxKeys: 4 });
}

function bodyArbitrary(route: OpenApiRoute, base: Record<string, unknown>) {
  const properties = Object.keys(resolve(route.jsonBody!).properties ?? {});
  const mutated = fc.record({ key: properties.length > 0 ? fc.constantFrom(...properties) : fc.constant("teamId"), value: anyJson }).map(({ key, value }) => ({ ...base, [key]: value }));
  return fc.oneof(anyJson, mutated, fc.dictionary(fc.constantFrom(...properties, "teamId"), anyJson, { maxKeys: 4 }));
}

type FuzzCase = { body?: unknown; form?: Record<string, string>; query: Record<string, string> };

async function fuzzRequest(route: OpenApiRoute, input: FuzzCase): Promise<ApiResponse<unknown>> {
  const url = withQuery(fillPath(route.path, own), input.query);
  if (input.form) return { ...(await uploadPdf(url, await keys.key(), input.form)), headers: new Headers() };
  return call<unknown>(url, { method: route.method, key: await keys.key(), body: input.body });
}

/** Deletions last, so the other routes still find the resources they are fuzzed against. */
const METHOD_ORDER = ["GET", "PATCH", "POST", "PUT", "DELETE"];

describe("fuzz: no 5xx, and every 4xx has the spec's error body", () => {
  it("holds for bodies and query strings on every route", async () => {
    const ids = worldIds(own);
    const ordered = [...routes].sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const [index, route] of ordered.entries()) {
      const seed = FUZZ_SEED + index;
      const query = queryArbitrary(route, ids);
      let arbitrary: fc.Arbitrary<FuzzCase>;
      if (route.multipart) {
        const form = fc.dictionary(fc.constantFrom("folderId", "externalIds", "custom", "file", RANDOM_KEY), fc.oneof(anyString, anyJson.map((value) => JSON.stringify(value))), { maxKeys: 3 });
        arbitrary = fc.record({ form, query });
      } else if (route.jsonBody) {
        arbitrary = fc.record({ body: bodyArbitrary(route, sampleBody(route.key, own, own, env) as Record<string, unknown>), query });
      } else {
        arbitrary = fc.record({ query, body: fc.constant(undefined) });
      }
      const base = SAMPLE_QUERIES[route.key]?.(own) ?? {};
      const property = fc.asyncProperty(arbitrary, async (input) => {
        requests += 1;
        const response = await fuzzRequest(route, { ...input, query: { ...base, ...input.query } });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
        if (response.status >= 400) {
          const body = response.body as { error?: unknown; message?: unknown } | null;
          if (body?.error !== true || typeof body.message !== "string" || body.message.trim() === "") throw new Error(`${response.status} without the error body: ${JSON.stringify(response.body).slice(0, 300)}`);
        }
      });
      // Uploads store files and queue extraction: fewer of them keep the machine free for the rest.
      const runs = route.multipart || route.path.endsWith("/urls") ? Math.max(2, Math.floor(RUNS_PER_ROUTE / 2)) : RUNS_PER_ROUTE;
      const result = await fc.check(property, { seed, numRuns: runs, endOnFailure: true });
      if (result.failed) {
        failures.push(`${route.key}: seed ${seed} (QUARRY_FUZZ_SEED=${FUZZ_SEED}), counterexample ${JSON.stringify(result.counterexample).slice(0, 400)}: ${String(result.errorInstance)}`);
      }
    }
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
    console.log(`fuzz: ${requests} requests over ${ordered.length} routes, seed ${FUZZ_SEED}: ${histogram}`);
    expect(failures).toEqual([]);
    // Not only 400s: some requests got through validation to the services, so they were fuzzed too.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 240_000);
});
