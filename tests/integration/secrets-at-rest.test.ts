import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleTokenFor, joinThroughLink, quarry, signIn } from "../support/http";
import { decide, openConsent, signedInJar } from "../support/mcp-oauth";
import { parseSeedOutput, type SeedOutput } from "../support/seed-output";
import { runSeed, startServer, tempDataDir, type RunningServer } from "../support/server";

/**
 * Secrets at rest: after the activity that handles every kind of secret the product has, the whole database (every
 * table of every schema, every column, each row as text) and the server's whole log must not contain any of them in
 * clear, nor their random part, nor trivially encoded (base64, base64url, hex).
 *
 * The server here is this file's own, so its log can be read and, on PGlite, its DATA_DIR opened once it has stopped
 * (the embedded database admits one process). On PostgreSQL it shares the suite's database, and this file runs last
 * (tests/support/secrets-scan-last.ts), so the scan also covers everything the rest of the suite wrote.
 *
 * OAuth (the MCP server's connections, DESIGN §1.6): an agent's code, verifier, access and refresh tokens and the
 * authorization server's session cookie are among the secrets (`oauthSecrets()` below); oauth_* tables are scanned (asserted).
 */

type Secret = { label: string; value: string };
type Dump = { tables: string[]; rows: { table: string; text: string }[] };

const env = (): Record<string, string> => ({
  REGION: "us",
  WORKER: "inline",
  EU_BASE_URL: "https://eu.quarry.test",
  // Only the receiver below; the suite's fixture port is not needed here.
  SAFE_FETCH_ALLOW: `127.0.0.1:${quarry().webhookPort}`,
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_RETRY_SCHEDULE_MS: "1000,1000,1000,1000",
  // On PostgreSQL this server shares the suite's database, where every test's registration from 127.0.0.1 has
  // already counted against the hourly per-address limit (as in global-setup).
  OAUTH_REGISTRATIONS_PER_HOUR: "1000",
});

let server: RunningServer | undefined;
let dataDir = "";
let ownDataDir = false;
let seed: SeedOutput;
const secrets: Secret[] = [];
/** Things that must be in the dump and the log, so that finding no secret means something. */
const markers: { dump: string[]; log: string[] } = { dump: [], log: [] };
let dump: Dump;
let log = "";

const received: http.IncomingHttpHeaders[] = [];
const receiver = http.createServer((request, response) => {
  received.push(request.headers);
  request.resume();
  request.on("end", () => response.end("ok"));
});

function keep(label: string, value: string | undefined | null): string {
  if (!value) throw new Error(`no ${label} to keep`);
  secrets.push({ label, value });
  return value;
}

/**
 * An MCP agent's OAuth flow: registration, authorization with PKCE, consent, code exchange, a refresh (rotation)
 * and a call to /mcp. Returns the code, tokens and the authorization server's session cookie it saw.
 */
async function oauthSecrets(base: string, email: string, password: string, teamId: string): Promise<Secret[]> {
  const jar = await signedInJar(base, email, password);
  const registered = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Secrets scan agent", redirect_uris: ["http://127.0.0.1:9/cb"], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", scope: "quarry offline_access" }),
  });
  const registration = (await registered.json()) as { client_id: string };
  expect(registered.status, JSON.stringify(registration)).toBe(201);
  const clientId = registration.client_id;
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${base}/oauth/authorize`);
  for (const [name, value] of Object.entries({ response_type: "code", client_id: clientId, redirect_uri: "http://127.0.0.1:9/cb", scope: "quarry offline_access", resource: `${base}/mcp`, code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256" })) {
    authorize.searchParams.set(name, value);
  }
  const callback = await decide(jar, await openConsent(jar, authorize), { allow: true, teamId });
  const code = callback.get("code")!;
  const exchange = async (form: Record<string, string>) =>
    (await (await fetch(`${base}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) })).json()) as { access_token: string; refresh_token: string };
  const first = await exchange({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: "http://127.0.0.1:9/cb", client_id: clientId });
  const second = await exchange({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
  const listed = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${second.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  expect(listed.status).toBe(200);
  await listed.body?.cancel();
  const session = /(?:^|; )_session=([^;]+)/.exec(jar.header())?.[1];
  return [
    { label: "OAuth authorization code", value: code },
    { label: "OAuth code verifier", value: verifier },
    { label: "OAuth access token", value: first.access_token },
    { label: "OAuth refresh token (rotated away)", value: first.refresh_token },
    { label: "OAuth access token after refresh", value: second.access_token },
    { label: "OAuth refresh token after refresh", value: second.refresh_token },
    ...(session ? [{ label: "OAuth server session cookie", value: session }] : []),
  ];
}

async function api<T = Record<string, unknown>>(route: string, options: { key?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server!.baseUrl}${route}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Everything the product does with a secret: mint, use, reject, store encrypted or hashed, sign with it. */
async function activity(): Promise<void> {
  const base = server!.baseUrl;
  const acme = seed.teams.find((team) => team.name === "Acme")!;
  const admin = acme.members.find((member) => member.role === "admin")!;
  const adminKey = keep("seeded API key", acme.apiKey);
  keep("seeded admin password", admin.password);
  for (const team of seed.teams) for (const member of team.members) keep(`seeded password of ${member.email}`, member.password);

  // API keys: minted, used, revoked, used again after revocation.
  const created = await api<{ id: string; key: string }>("/api/v1/api-keys", { key: adminKey, body: { name: "secrets scan" } });
  expect(created.status).toBe(201);
  const key = keep("created API key", created.body.key);
  expect((await api("/api/v1/me", { key })).status).toBe(200);
  const revoked = await api<{ id: string; key: string }>("/api/v1/api-keys", { key: adminKey, body: { name: "secrets scan, revoked" } });
  keep("revoked API key", revoked.body.key);
  expect((await api(`/api/v1/api-keys/${revoked.body.id}`, { key: adminKey, method: "DELETE" })).status).toBe(200);
  expect((await api("/api/v1/me", { key: revoked.body.key })).status).toBe(401);
  const unknown = keep("unknown API key", `dx_us_${randomBytes(24).toString("base64url")}`);
  expect((await api("/api/v1/me", { key: unknown })).status).toBe(401);

  // Webhooks: the signing secret is returned once, stored encrypted, and used to sign a delivery.
  const parser = await api<{ id: string }>("/api/v1/parsers", { key, body: { name: "Secrets scan" } });
  expect(parser.status).toBe(201);
  const url = `http://127.0.0.1:${quarry().webhookPort}/hook`;
  markers.dump.push(url);
  const hook = await api<{ id: string; secret: string }>(`/api/v1/parsers/${parser.body.id}/webhooks`, { key, body: { url, events: ["document.processed"] } });
  expect(hook.status).toBe(201);
  const whsec = keep("webhook signing secret", hook.body.secret);
  keep("webhook signing key (base64 part)", whsec.slice("whsec_".length));
  const tested = await api<{ status: string }>(`/api/v1/parsers/${parser.body.id}/webhooks/${hook.body.id}/test`, { key, method: "POST" });
  expect(tested.body.status).toBe("succeeded");
  expect(received.at(-1)?.["webhook-signature"]).toMatch(/^v1,/);

  // Members: the invitation link's secret is shown once; someone new chooses a password through it, signs in to the
  // console and calls the API with its token.
  const email = `secrets.${Date.now()}@example.test`;
  markers.dump.push(email);
  const member = await api<{ acceptUrl: string }>("/api/v1/members", { key: adminKey, body: { name: "Secrets Scan", email, role: "admin" } });
  expect(member.status).toBe(201);
  keep("invitation link secret", new URL(member.body.acceptUrl).pathname.split("/").at(-1));
  const password = keep("member's chosen password", `secrets-scan-${crypto.randomUUID()}`);
  expect((await joinThroughLink(member.body.acceptUrl, { name: "Secrets Scan", password }, base)).status).toBe(200);
  const cookie = await signIn(email, password, base);
  expect(cookie).not.toBeNull();
  keep("session cookie", /authjs\.session-token=([^;]+)/.exec(cookie!)?.[1]);
  const token = keep("console token", await consoleTokenFor(cookie!, base));
  expect((await api("/api/v1/me", { key: token })).status).toBe(200);
  expect(await signIn(admin.email, admin.password, base)).not.toBeNull();

  // Refused secrets must not be kept either: a wrong password, a setup attempt after setup.
  const wrong = keep("wrong password tried", `Wrong-${randomBytes(12).toString("hex")}`);
  expect(await signIn(email, wrong, base)).toBeNull();
  const setupPassword = keep("password sent to a closed setup", `Setup-${randomBytes(12).toString("hex")}`);
  expect((await api("/api/setup", { body: { teamName: "Late", name: "Late", email: "late@example.test", password: setupPassword } })).status).toBe(409);

  for (const secret of await oauthSecrets(base, admin.email, admin.password, acme.id)) keep(secret.label, secret.value);
}

async function readDatabase(): Promise<Dump> {
  const listTables = `select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;
  const rowsOf = (schema: string, name: string) => `select t::text as text from "${schema}"."${name}" t`;
  const collect = async (query: (sql: string) => Promise<Record<string, string>[]>): Promise<Dump> => {
    const tables = (await query(listTables)).map((row) => ({ schema: row.schema!, name: row.name! }));
    const rows: Dump["rows"] = [];
    for (const table of tables) {
      for (const row of await query(rowsOf(table.schema, table.name))) rows.push({ table: `${table.schema}.${table.name}`, text: row.text! });
    }
    return { tables: tables.map((table) => `${table.schema}.${table.name}`), rows };
  };
  const databaseUrl = quarry().databaseUrl;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await collect(async (sql) => (await client.query<Record<string, string>>(sql)).rows);
    } finally {
      await client.end();
    }
  }
  // The server has stopped and released DATA_DIR, so the embedded database can be opened here.
  const pglite = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await collect(async (sql) => (await pglite.query<Record<string, string>>(sql)).rows);
  } finally {
    await pglite.close();
  }
}

/** The forms a secret could be stored or logged in without real protection. */
function needles(secret: Secret): string[] {
  const forms = new Set([secret.value]);
  const raw = Buffer.from(secret.value, "utf8");
  forms.add(raw.toString("base64").replace(/=+$/, ""));
  forms.add(raw.toString("base64url"));
  forms.add(raw.toString("hex"));
  // The random part after a product prefix (dx_us_, whsec_), and the key bytes a whsec_ secret stands for.
  const random = /^(?:dx_(?:us|eu)_|whsec_)(.+)$/.exec(secret.value)?.[1];
  if (random) {
    forms.add(random);
    if (secret.value.startsWith("whsec_")) {
      const bytes = Buffer.from(random, "base64");
      forms.add(bytes.toString("hex"));
      forms.add(bytes.toString("base64url"));
    }
  }
  // Hex is compared case-insensitively below; short forms would match by chance.
  return [...forms].filter((form) => form.length >= 12);
}

function leaks(haystacks: { where: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    for (const needle of needles(secret)) {
      const lower = /^[0-9a-f]+$/.test(needle) ? needle.toLowerCase() : null;
      for (const haystack of haystacks) {
        const hit = lower ? haystack.text.toLowerCase().includes(lower) : haystack.text.includes(needle);
        if (hit) found.push(`${secret.label} (as ${needle.slice(0, 8)}…) in ${haystack.where}`);
      }
    }
  }
  return found;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(quarry().webhookPort, "127.0.0.1", resolve));
  const databaseUrl = quarry().databaseUrl;
  if (databaseUrl) {
    // A scale-out process of the suite's deployment: its database, files and AUTH_SECRET.
    dataDir = quarry().dataDir;
    seed = quarry().seed;
    server = await startServer({ ...env(), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_SECRET: fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8") });
  } else {
    dataDir = tempDataDir("quarry-secrets-");
    ownDataDir = true;
    const seeded = runSeed({ ...env(), DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "" });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    seed = parseSeedOutput(seeded.stdout);
    server = await startServer({ ...env(), DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "" });
  }
  keep("AUTH_SECRET", fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim());
  markers.log.push("[quarry] ready");

  await activity();
  await server.stop();
  log = server.output();
  server = undefined;
  dump = await readDatabase();
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver.close(resolve));
  if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("no secret is kept in clear", () => {
  it("the scan reads every table, including the identity, webhook and oauth_* tables, and sees the activity", () => {
    for (const table of ["public.api_keys", "public.users", "public.webhook_endpoints", "public.audit_log"]) expect(dump.tables).toContain(table);
    expect(dump.tables.filter((table) => /\.oauth_/.test(table)).length).toBeGreaterThan(0);
    const everything = dump.rows.map((row) => row.text).join("\n");
    for (const marker of markers.dump) expect(everything).toContain(marker);
    for (const marker of markers.log) expect(log).toContain(marker);
    expect(secrets.length).toBeGreaterThanOrEqual(12);
  });

  it("the detector finds a secret planted in clear, by its random part, and encoded", () => {
    const key = secrets.find((secret) => secret.label === "created API key")!.value;
    const whsec = secrets.find((secret) => secret.label === "webhook signing secret")!.value;
    const planted = [
      `{"key":"${key}"}`,
      `prefix ${key.slice("dx_us_".length)} suffix`,
      Buffer.from(key).toString("base64"),
      Buffer.from(key).toString("hex").toUpperCase(),
      `\\x${Buffer.from(whsec.slice("whsec_".length), "base64").toString("hex")}`, // a bytea column holding the key bytes
    ];
    for (const text of planted) expect(leaks([{ where: "probe", text }]), text).not.toEqual([]);
  });

  it("the database holds none of them, in any column of any table", () => {
    expect(leaks(dump.rows.map((row) => ({ where: row.table, text: row.text })))).toEqual([]);
  });

  it("the server's log holds none of them", () => {
    expect(leaks([{ where: "the server log", text: log }])).toEqual([]);
  });
});
