import fs from "node:fs";
import http from "node:http";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { connectAgent, decide, openConsent, signedInJar } from "../support/mcp-oauth";
import { parseSeedOutput, type SeedOutput } from "../support/seed-output";
import { runSeed, startServer, tempDataDir, type RunningServer } from "../support/server";

/**
 * What third-party integrators meet first, on a server of its own configured like a real deployment: its public
 * address is `http://localhost:PORT` (the default), `http://127.0.0.1:PORT` is listed in PUBLIC_BASE_URLS, and one
 * browser origin may call the API (CORS_ORIGINS). OAuth discovery follows the address a client used, an MCP agent
 * connects at 127.0.0.1 with the official SDK, and the REST conventions: CORS, OPTIONS, 405 with Allow, ETag/304,
 * pagination links and byte ranges.
 */
const APP_ORIGIN = "https://app.quarry.test";
let server: RunningServer;
let dataDir = "";
let seed: SeedOutput;
const clients: Client[] = [];

beforeAll(async () => {
  dataDir = tempDataDir("quarry-integrators-");
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "", WORKER: "off", REGION: "us", OAUTH_REGISTRATIONS_PER_HOUR: "1000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
  seed = parseSeedOutput(seeded.stdout);
  server = await startServer((port) => ({
    ...env,
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    PUBLIC_BASE_URLS: `http://127.0.0.1:${port}`,
    CORS_ORIGINS: APP_ORIGIN,
  }));
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const acme = () => seed.teams.find((team) => team.name === "Acme")!;
const key = () => acme().apiKey;

async function api(path: string, init: RequestInit & { headers?: Record<string, string> } = {}, withKey = key()): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${withKey}`, ...init.headers } });
}

/** A key of its own for a test that makes many requests, so the file's tests never share one minute's budget. */
async function ownKey(): Promise<string> {
  const response = await api("/api/v1/api-keys", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `test ${Date.now()}` }) });
  return ((await response.json()) as { key: string }).key;
}

/** A GET with any Host header (fetch does not let a caller choose it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port: server.port, path, headers: { host } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    request.on("error", reject);
  });
}

describe("OAuth discovery follows the configured address a client used", () => {
  it("names 127.0.0.1 to a client at 127.0.0.1, localhost to one at localhost, and never an unconfigured host", async () => {
    const local = `http://localhost:${server.port}`;
    const loopback = `http://127.0.0.1:${server.port}`;
    for (const [host, expected] of [
      [`127.0.0.1:${server.port}`, loopback],
      [`localhost:${server.port}`, local],
      ["evil.example", local],
    ] as const) {
      const resource = await getWithHost("/.well-known/oauth-protected-resource/mcp", host);
      expect(resource.body, host).toMatchObject({ resource: `${expected}/mcp`, authorization_servers: [expected] });
      const metadata = await getWithHost("/.well-known/oauth-authorization-server", host);
      expect(metadata.body, host).toMatchObject({ issuer: expected, token_endpoint: `${expected}/oauth/token`, registration_endpoint: `${expected}/oauth/register` });
      // Only what a browser can really complete here: no form_post (its page needs inline script).
      expect(metadata.body.response_modes_supported).toEqual(["query", "fragment"]);
    }
    expect(server.output()).toContain(`MCP server URL for agents: ${local}/mcp or ${loopback}/mcp`);
    const formPost = await fetch(`${server.baseUrl}/oauth/authorize?response_mode=form_post&client_id=x`, { redirect: "manual" });
    expect(formPost.status).toBe(400);
  });

  it("lets the official MCP client connect at http://127.0.0.1:PORT/mcp and upload a local file", async () => {
    const admin = acme().members.find((member) => member.role === "admin")!;
    const jar = await signedInJar(server.baseUrl, admin.email, admin.password);
    const { client } = await connectAgent(server.baseUrl, async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: acme().id }));
    clients.push(client);
    const parser = (await client.callTool({ name: "create_parser", arguments: { name: "Agent uploads" } })) as { structuredContent: { id: string } };
    const pdf = Buffer.from(await textPdf(["Invoice Number: INV-LOCAL-1"])).toString("base64");
    const uploaded = (await client.callTool({
      name: "upload_document",
      arguments: { parserId: parser.structuredContent.id, fileName: "local.pdf", mimeType: "application/pdf", contentBase64: pdf },
    })) as { isError?: boolean; structuredContent: { result: { name: string; status: string }[] } };
    expect(uploaded.isError).toBeFalsy();
    expect(uploaded.structuredContent.result).toEqual([expect.objectContaining({ name: "local.pdf", status: "processing" })]);
  }, 120_000);
});

describe("MCP upload_document up to its documented 100 MB", () => {
  /** A real PDF padded with a comment to `megabytes`: the type check reads it as a PDF (no worker runs here). */
  async function paddedPdf(megabytes: number): Promise<Buffer> {
    const pdf = Buffer.from(await textPdf(["Invoice Number: INV-LARGE-1"]));
    return Buffer.concat([pdf, Buffer.from("\n%"), Buffer.alloc(megabytes * 1024 * 1024 - pdf.length - 3, "A"), Buffer.from("\n")]);
  }

  it("takes a 20 MB file whole, and refuses 101 MB and 104 MB files with a tool error that states the 100 MB limit", async () => {
    const admin = acme().members.find((member) => member.role === "admin")!;
    const jar = await signedInJar(server.baseUrl, admin.email, admin.password);
    const { client } = await connectAgent(server.baseUrl, async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: acme().id }));
    clients.push(client);
    const parser = (await client.callTool({ name: "create_parser", arguments: { name: "Large agent uploads" } })) as { structuredContent: { id: string } };
    const upload = async (megabytes: number, bytes?: Buffer) =>
      (await client.callTool(
        { name: "upload_document", arguments: { parserId: parser.structuredContent.id, fileName: `${megabytes}mb.pdf`, contentBase64: (bytes ?? (await paddedPdf(megabytes))).toString("base64") } },
        { timeout: 120_000 },
      )) as { isError?: boolean; content: { text?: string }[]; structuredContent?: { result: { id: string; name: string; url: string }[] } };

    // 20 MB (27 MB of base64): over the SDK's 4 MB and Next's 10 MB proxy limit it used to meet.
    // One file, kept: pdf-lib stamps each PDF it saves with the time, so two calls never give the same bytes.
    const twentyBytes = await paddedPdf(20);
    const twenty = await upload(20, twentyBytes);
    expect(twenty.isError, JSON.stringify(twenty.content)).toBeFalsy();
    const stored = await fetch(twenty.structuredContent!.result[0]!.url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    const storedBytes = Buffer.from(await stored.arrayBuffer());
    expect(storedBytes.length).toBe(20 * 1024 * 1024);
    expect(storedBytes.equals(twentyBytes)).toBe(true);

    // 101 MB: the message arrives whole (within the body limit) and the tool's argument check refuses it.
    const over = await upload(101);
    expect(over.isError).toBe(true);
    expect(over.content.map((part) => part.text).join(" ")).toContain("100 MB");
    // 104 MB: past the body limit itself; still that call's tool error, naming the limits, not a transport 413.
    const far = await upload(104);
    expect(far.isError).toBe(true);
    expect(far.content.map((part) => part.text).join(" ")).toMatch(/larger than 137 MB.*at most 100 MB/);
    // Neither created a document.
    const listed = (await (await api(`/api/v1/parsers/${parser.structuredContent.id}/documents`)).json()) as { data: { name: string }[] };
    expect(listed.data.map((document) => document.name)).toEqual(["20mb.pdf"]);
  }, 300_000);
});

describe("CORS", () => {
  it("answers /api/v1 preflights and requests for the allowed origin only", async () => {
    const preflight = await fetch(`${server.baseUrl}/api/v1/parsers`, {
      method: "OPTIONS",
      headers: { origin: APP_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    const listed = await api("/api/v1/parsers", { headers: { origin: APP_ORIGIN } });
    expect(listed.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(listed.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
    const stranger = await api("/api/v1/parsers", { headers: { origin: "https://evil.test" } });
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const strangerPreflight = await fetch(`${server.baseUrl}/api/v1/parsers`, { method: "OPTIONS", headers: { origin: "https://evil.test", "access-control-request-method": "GET" } });
    expect(strangerPreflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("opens the OpenAPI document, /mcp, registration and metadata to every origin, exposing the MCP headers", async () => {
    const openapi = await fetch(`${server.baseUrl}/api/v1/openapi.json`, { headers: { origin: "https://evil.test" } });
    expect(openapi.headers.get("access-control-allow-origin")).toBe("*");
    for (const path of ["/mcp", "/oauth/register", "/oauth/token", "/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource/mcp"]) {
      const preflight = await fetch(`${server.baseUrl}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://agent.example", "access-control-request-method": "POST", "access-control-request-headers": "mcp-session-id, authorization" },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(preflight.headers.get("access-control-allow-headers"), path).toContain("Mcp-Session-Id");
    }
    const anonymous = await fetch(`${server.baseUrl}/mcp`, {
      method: "POST",
      headers: { origin: "https://agent.example", "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe("*");
    expect(anonymous.headers.get("access-control-expose-headers")).toContain("Mcp-Session-Id");
    expect(anonymous.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    expect(anonymous.headers.get("www-authenticate")).toContain(`http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`, { headers: { origin: "https://agent.example" } });
    expect(metadata.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("REST conventions", () => {
  it("answers a method a route lacks with 405, Allow and the spec's error body; OPTIONS lists the methods", async () => {
    const wrong = await api("/api/v1/parsers", { method: "PUT" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(await wrong.json()).toMatchObject({ error: true, message: expect.stringContaining("PUT is not allowed") });
    const onItem = await api("/api/v1/parsers/00000000-0000-4000-8000-000000000000/fields", { method: "DELETE" });
    expect([onItem.status, onItem.headers.get("allow")]).toEqual([405, "GET, HEAD, POST, OPTIONS"]);
    const options = await api("/api/v1/parsers/00000000-0000-4000-8000-000000000000", { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, PATCH, DELETE, OPTIONS"]);
    // A path no route has stays the spec's 404.
    expect((await api("/api/v1/no-such-thing", { method: "PUT" })).status).toBe(404);
    // /api/v1 skips the proxy (proxy.ts's matcher); its answers still carry next.config's security headers.
    for (const response of [wrong, await api("/api/v1/parsers")]) {
      expect([response.headers.get("x-content-type-options"), response.headers.get("x-frame-options")]).toEqual(["nosniff", "DENY"]);
    }
  });

  it("gives GETs an ETag that a matching If-None-Match turns into a bodiless 304, for one resource and for lists", async () => {
    const created = (await (await api("/api/v1/parsers", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "ETagged" }) })).json()) as { id: string };
    for (const path of [`/api/v1/parsers/${created.id}`, "/api/v1/parsers", `/api/v1/parsers/${created.id}/documents`]) {
      const first = await api(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await api(path, { headers: { "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("x-ratelimit-remaining")).not.toBeNull();
    }
    const before = (await api(`/api/v1/parsers/${created.id}`)).headers.get("etag")!;
    await api(`/api/v1/parsers/${created.id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Renamed" }) });
    expect((await api(`/api/v1/parsers/${created.id}`, { headers: { "if-none-match": before } })).status).toBe(200);
  });

  it("keeps a document's ETag, signed file links and all, across seconds: a conditional GET a while later is a 304", async () => {
    const parser = (await (await api("/api/v1/parsers", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Stable links" }) })).json()) as { id: string };
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(await textPdf(["Stable ETag"]))], { type: "application/pdf" }), "stable.pdf");
    const uploaded = (await (await api(`/api/v1/process/${parser.id}/files`, { method: "POST", body: form })).json()) as { result: { id: string }[] };
    const documentId = uploaded.result[0]!.id;
    // Links change when the hour turns (their expiry moves on by an hour): not in the middle of this test.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 10_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 500));
    const paths = [`/api/v1/parsers/${parser.id}/documents/${documentId}`, `/api/v1/process/${parser.id}/files/data?documentId=${documentId}`];
    const first = await Promise.all(paths.map(async (path) => ({ path, response: await api(path) })));
    for (const { path, response } of first) expect(JSON.stringify(await response.json()), path).toContain("/api/files/");
    // Links used to expire "now + 1 h" to the second: two seconds later every answer carried new links and a new ETag.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    for (const { path, response } of first) {
      const again = await api(path, { headers: { "if-none-match": response.headers.get("etag")! } });
      expect(again.status, path).toBe(304);
    }
  });

  it("lets a dozen clients wait on a document that never finishes (no worker here) without holding the database", async () => {
    const own = await ownKey();
    const parser = (await (await api("/api/v1/parsers", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Waited on" }) }, own)).json()) as { id: string };
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(await textPdf(["Never extracted"]))], { type: "application/pdf" }), "queued.pdf");
    const uploaded = (await (await api(`/api/v1/process/${parser.id}/files`, { method: "POST", body: form }, own)).json()) as { result: { id: string }[] };
    const path = `/api/v1/parsers/${parser.id}/documents/${uploaded.result[0]!.id}`;
    const started = Date.now();
    const waits = Array.from({ length: 12 }, async () => {
      const response = await api(`${path}?wait=3`, {}, own);
      return { status: response.status, elapsed: Date.now() - started, body: (await response.json()) as { status: string } };
    });
    // While they wait, the embedded database (one connection) still serves everyone else: the probe is answered before
    // any wait ends (judged against the waits themselves, not a wall-clock bound a loaded machine can miss).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const probeStatus = (await api("/api/v1/parsers", {}, own)).status;
    const probeAnswered = Date.now() - started;
    const answers = await Promise.all(waits);
    expect(probeStatus).toBe(200);
    expect(probeAnswered).toBeLessThan(Math.min(...answers.map((answer) => answer.elapsed)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe("queued");
      expect(answer.elapsed).toBeGreaterThanOrEqual(3_000);
      expect(answer.elapsed).toBeLessThan(10_000);
    }
  });

  it("adds RFC 8288 Link headers beside a list's pagination, and serves byte ranges of stored files", async () => {
    const parser = (await (await api("/api/v1/parsers", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Paged" }) })).json()) as { id: string };
    const pdf = await textPdf(["Page of bytes"]);
    const form = new FormData();
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) form.append("file", new Blob([Buffer.from(pdf)], { type: "application/pdf" }), name);
    const uploaded = (await (await api(`/api/v1/process/${parser.id}/files`, { method: "POST", body: form })).json()) as { result: { url: string }[] };
    const page = await api(`/api/v1/parsers/${parser.id}/documents?limit=1&page=2`);
    const link = page.headers.get("link")!;
    expect(link).toContain(`</api/v1/parsers/${parser.id}/documents?limit=1&page=1>; rel="prev"`);
    expect(link).toContain(`</api/v1/parsers/${parser.id}/documents?limit=1&page=3>; rel="next"`);
    expect(link).toContain('rel="first"');
    expect(link).toContain(`page=3>; rel="last"`);

    const fileUrl = uploaded.result[0]!.url.replace(/^https?:\/\/[^/]+/, server.baseUrl);
    const whole = await fetch(fileUrl);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const part = await fetch(fileUrl, { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe(bytes.subarray(0, 8).toString("latin1"));
    const past = await fetch(fileUrl, { headers: { range: `bytes=${bytes.length}-` } });
    expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${bytes.length}`]);
  });
});
