import pg from "pg";
import { describe, expect, it } from "vitest";
import { addMemberAndSignIn, call, freshKey, quarry, seedTeam, unique } from "../support/http";

type KeyRow = { id: string; name: string; prefix: string; permissions: string[]; lastUsedAt: string | null; createdBy: { id: string } };

const acme = () => seedTeam("Acme");
const globex = () => seedTeam("Globex");

describe("API keys", () => {
  it("shows a new key once and lists it by prefix only", async () => {
    const name = unique("integration");
    const created = await call<{ id: string; key: string; prefix: string; permissions: string[]; createdAt: string }>("/api/v1/api-keys", {
      key: acme().apiKey,
      body: { name, permissions: ["parsers.read", "documents.read"] },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "id", "key", "name", "permissions", "prefix"]);
    expect(created.body.key).toMatch(/^dx_us_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const list = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: acme().apiKey });
    const row = list.body.data.find((candidate) => candidate.id === created.body.id);
    expect(row).toMatchObject({ name, prefix: created.body.prefix, permissions: ["parsers.read", "documents.read"], lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
  });

  it("records when a key was last used", async () => {
    const { id, key } = await freshKey(acme().apiKey, ["parsers.read"]);
    await call("/api/v1/parsers", { key });
    const list = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: acme().apiKey });
    expect(list.body.data.find((row) => row.id === id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it("stops working at once when revoked", async () => {
    const { id, key } = await freshKey(acme().apiKey);
    expect((await call("/api/v1/parsers", { key })).status).toBe(200);
    const revoked = await call("/api/v1/api-keys/" + id, { method: "DELETE", key: acme().apiKey });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true });
    const after = await call("/api/v1/parsers", { key });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: true });
    // It stays listed, marked revoked.
    const listed = (await call<{ data: (KeyRow & { status: string; revokedAt: string | null })[] }>("/api/v1/api-keys", { key: acme().apiKey })).body.data.find((row) => row.id === id);
    expect(listed).toMatchObject({ status: "revoked", revokedAt: expect.any(String) });
    // Revoking twice: it is gone.
    expect((await call("/api/v1/api-keys/" + id, { method: "DELETE", key: acme().apiKey })).status).toBe(404);
  });

  it("refuses a key past its expiry with a message saying so, and lists it as expired", async () => {
    const expiresAt = new Date(Date.now() + 1_500).toISOString();
    const created = await call<{ id: string; key: string }>("/api/v1/api-keys", { key: acme().apiKey, body: { name: "Short-lived", permissions: ["parsers.read"], expiresAt } });
    expect(created.status).toBe(201);
    expect((await call("/api/v1/parsers", { key: created.body.key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const expired = await call<{ message: string }>("/api/v1/parsers", { key: created.body.key });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/^This API key expired on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    const listed = (await call<{ data: { id: string; status: string; expiresAt: string | null }[] }>("/api/v1/api-keys", { key: acme().apiKey })).body.data.find((row) => row.id === created.body.id);
    expect(listed).toMatchObject({ status: "expired", expiresAt: new Date(expiresAt).toISOString() });
    const past = await call("/api/v1/api-keys", { key: acme().apiKey, body: { name: "Already over", expiresAt: "2020-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);
  });

  it("keeps teams apart: another team's key is a 404 and never listed", async () => {
    const { id } = await freshKey(acme().apiKey);
    const attempt = await call("/api/v1/api-keys/" + id, { method: "DELETE", key: globex().apiKey });
    expect(attempt.status).toBe(404);
    expect(attempt.body).toMatchObject({ error: true, message: "API key not found", notFound: [{ type: "keyId", value: id }] });
    const globexList = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: globex().apiKey });
    expect(globexList.body.data.some((row) => row.id === id)).toBe(false);
    // And the Acme key still works.
    const acmeList = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: acme().apiKey });
    expect(acmeList.body.data.some((row) => row.id === id)).toBe(true);
  });

  it("lets members manage their own keys only, and admins every key", async () => {
    const member = await addMemberAndSignIn(acme().apiKey, "member");
    const own = await call<{ id: string; permissions: string[] }>("/api/v1/api-keys", { key: member.token, body: { name: unique("member key") } });
    expect(own.status).toBe(201);
    expect(own.body.permissions).not.toContain("webhooks.write");
    expect(own.body.permissions).not.toContain("members.manage");

    const adminKey = await freshKey(acme().apiKey);
    const memberList = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: member.token });
    expect(memberList.body.data.map((row) => row.id)).toEqual([own.body.id]);
    expect((await call("/api/v1/api-keys/" + adminKey.id, { method: "DELETE", key: member.token })).status).toBe(404);

    const adminList = await call<{ data: KeyRow[] }>("/api/v1/api-keys", { key: acme().apiKey });
    expect(adminList.body.data.some((row) => row.id === own.body.id)).toBe(true);
    expect((await call("/api/v1/api-keys/" + own.body.id, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });

  it("refuses a member a key with rights their role lacks", async () => {
    const member = await addMemberAndSignIn(acme().apiKey, "member");
    const response = await call("/api/v1/api-keys", { key: member.token, body: { name: "too much", permissions: ["webhooks.write"] } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, message: expect.stringContaining("webhooks.write") });
  });

  it("refuses reviewers API keys altogether", async () => {
    const reviewer = await addMemberAndSignIn(acme().apiKey, "reviewer");
    expect((await call("/api/v1/api-keys", { key: reviewer.token })).status).toBe(403);
    expect((await call("/api/v1/api-keys", { key: reviewer.token, body: { name: "nope" } })).status).toBe(403);
  });

  it("shrinks a key with its creator's role, and ends it when the creator leaves", async () => {
    const member = await addMemberAndSignIn(acme().apiKey, "admin");
    const created = await call<{ id: string; key: string }>("/api/v1/api-keys", { key: member.token, body: { name: unique("admin key") } });
    expect((await call("/api/v1/members", { key: created.body.key, body: { name: "x", email: `${unique("x").replace(/\W/g, "")}@example.test`, role: "reviewer" } })).status).toBe(201);

    expect((await call(`/api/v1/members/${member.userId}`, { method: "PATCH", key: acme().apiKey, body: { role: "member" } })).status).toBe(200);
    const demoted = await call("/api/v1/members", { key: created.body.key, body: { name: "y", email: `${unique("y").replace(/\W/g, "")}@example.test`, role: "reviewer" } });
    expect(demoted.status).toBe(403);

    const removed = await call<{ revokedKeys: number }>(`/api/v1/members/${member.userId}`, { method: "DELETE", key: acme().apiKey });
    expect(removed.body.revokedKeys).toBe(1);
    expect((await call("/api/v1/parsers", { key: created.body.key })).status).toBe(401);
  });

  it("writes every key change to the audit log", async () => {
    const { id } = await freshKey(acme().apiKey);
    await call("/api/v1/api-keys/" + id, { method: "DELETE", key: acme().apiKey });
    const log = await call<{ data: { action: string; resourceId: string }[] }>("/api/v1/audit-log?resourceType=apiKey&limit=100", { key: acme().apiKey });
    const actions = log.body.data.filter((entry) => entry.resourceId === id).map((entry) => entry.action);
    expect(actions.sort()).toEqual(["apiKey.create", "apiKey.revoke"]);
  });
});

/**
 * The servers cache resolved keys and learn of revocations made by another process through PostgreSQL LISTEN/NOTIFY
 * (lib/services/api-keys/cache.ts). A notification sent while a listening connection is down is lost, so a server
 * must notice the loss, stop trusting its cache, reconnect and LISTEN again.
 */
describe.runIf(quarry().backend === "postgres")("API key revocation across a lost LISTEN connection", () => {
  // LISTENER_APPLICATION_NAME in lib/services/api-keys/cache.ts (a server-only module the tests cannot import).
  const LISTENER = "quarry-api-key-listener";
  const servers = () => quarry().baseUrls.map((_, index) => index);
  const statusEverywhere = async (key: string) => Promise.all(servers().map(async (server) => (await call("/api/v1/parsers", { key, server })).status));

  it("refuses a revoked key on the next request, also after the listening connections were killed", async () => {
    const database = new pg.Client({ connectionString: quarry().databaseUrl! });
    await database.connect();
    try {
      const listeners = async () =>
        (await database.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1 and datname = current_database()", [LISTENER])).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before.length).toBeGreaterThanOrEqual(servers().length);
      const revoker = servers().at(-1)!;

      // Cached everywhere (asked twice), then the listeners are killed and the key revoked by one server: the others'
      // notification is lost, and they must not answer from the cache.
      const first = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
      expect(await statusEverywhere(first.key)).toEqual(servers().map(() => 200));
      expect(await statusEverywhere(first.key)).toEqual(servers().map(() => 200));
      await database.query("select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)", [before]);
      expect((await call("/api/v1/api-keys/" + first.id, { method: "DELETE", key: seedTeam("Acme").apiKey, server: revoker })).status).toBe(200);
      expect(await statusEverywhere(first.key)).toEqual(servers().map(() => 401));

      // Each server listens again on a new connection, and a revocation made elsewhere reaches it at once.
      await expect
        .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, { timeout: 15_000, interval: 200 })
        .toBeGreaterThanOrEqual(servers().length);
      const second = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
      expect(await statusEverywhere(second.key)).toEqual(servers().map(() => 200));
      expect(await statusEverywhere(second.key)).toEqual(servers().map(() => 200));
      expect((await call("/api/v1/api-keys/" + second.id, { method: "DELETE", key: seedTeam("Acme").apiKey, server: revoker })).status).toBe(200);
      // The revoking server refuses the key on its next request. The others learn of it when PostgreSQL delivers the
      // NOTIFY to their listening connection, a few milliseconds after the commit: a request that reaches them in
      // that window may still be served from the cache, so they are given a short bound rather than none.
      expect((await call("/api/v1/parsers", { key: second.key, server: revoker })).status).toBe(401);
      await expect.poll(() => statusEverywhere(second.key), { timeout: 2_000, interval: 50 }).toEqual(servers().map(() => 401));
    } finally {
      await database.end();
    }
  }, 60_000);
});
