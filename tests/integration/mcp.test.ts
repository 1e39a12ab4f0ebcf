import { createHash, randomBytes } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_TLS_CERT, TEST_TLS_KEY } from "../../lib/net/test-tls-fixture";
import { baseUrl, call, quarry, seedMember, seedTeam } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";
import { connectAgent, decide, openConsent, signedInJar, type CookieJar } from "../support/mcp-oauth";

/**
 * The MCP server and its OAuth 2.1 authorization server over HTTP, with the official MCP TypeScript client as
 * the agent and a signed-in seeded user consenting through the consent form (the browser version of the same
 * walk is e2e/mcp.spec.ts). Then the refusals: API keys, other teams, replayed codes, reused refresh tokens,
 * `plain` PKCE, mismatched redirect URIs, foreign audiences and revoked connections.
 */
const { acme } = keysPerTest();
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
});

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function text(result: ToolResult): string {
  return result.content.map((part) => part.text ?? "").join("\n");
}

async function jarFor(team: "Acme" | "Globex") {
  const member = seedMember(team, "admin");
  return signedInJar(baseUrl(), member.email, member.password);
}

async function agentOf(team: "Acme" | "Globex") {
  const jar = await jarFor(team);
  const { client, auth } = await connectAgent(baseUrl(), async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: seedTeam(team).id }));
  clients.push(client);
  return { client, auth, jar };
}

// --- raw OAuth, for the refusals the official client would never attempt ---

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function register(redirectUris = [REDIRECT_URI]): Promise<string> {
  const response = await call<{ client_id: string }>("/oauth/register", {
    body: { client_name: "Raw agent", redirect_uris: redirectUris, grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" },
  });
  expect(response.status).toBe(201);
  return response.body.client_id;
}

function authorizationUrl(params: Record<string, string>): URL {
  const url = new URL(`${baseUrl()}/oauth/authorize`);
  for (const [name, value] of Object.entries({ response_type: "code", scope: "quarry offline_access", state: "s1", resource: `${baseUrl()}/mcp`, ...params })) url.searchParams.set(name, value);
  return url;
}

async function codeFor(jar: CookieJar, clientId: string, challenge: string): Promise<string> {
  const step = await openConsent(jar, authorizationUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "S256" }));
  const callback = await decide(jar, step, { allow: true, teamId: seedTeam("Acme").id });
  const code = callback.get("code");
  if (!code) throw new Error(`no code: ${callback.toString()}`);
  return code;
}

type TokenAnswer = { access_token?: string; refresh_token?: string; error?: string; error_description?: string };

async function token(form: Record<string, string>): Promise<{ status: number; body: TokenAnswer }> {
  const response = await fetch(`${baseUrl()}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  return { status: response.status, body: (await response.json()) as TokenAnswer };
}

async function mcpStatus(bearer: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  await response.body?.cancel();
  return response.status;
}

describe("discovery", () => {
  it("publishes protected resource and authorization server metadata", async () => {
    const resource = await call<Record<string, unknown>>("/.well-known/oauth-protected-resource/mcp");
    expect(resource.status).toBe(200);
    expect(resource.body).toMatchObject({ resource: `${baseUrl()}/mcp`, authorization_servers: [baseUrl()], scopes_supported: ["quarry"] });

    const metadata = await call<Record<string, unknown>>("/.well-known/oauth-authorization-server");
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      issuer: baseUrl(),
      authorization_endpoint: `${baseUrl()}/oauth/authorize`,
      token_endpoint: `${baseUrl()}/oauth/token`,
      registration_endpoint: `${baseUrl()}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: true,
    });
  });

  it("answers 401 with a pointer to the metadata without a token, and for an API key", async () => {
    const unauthenticated: Record<string, string>[] = [{}, { authorization: `Bearer ${quarry().seed.teams[0]!.apiKey}` }];
    for (const headers of unauthenticated) {
      const response = await fetch(`${baseUrl()}/mcp`, { method: "POST", headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain(`resource_metadata="${baseUrl()}/.well-known/oauth-protected-resource/mcp"`);
    }
  });
});

describe("an agent connected over OAuth", () => {
  it("registers, authorizes with PKCE, lists tools, creates a parser and reads a document's data", async () => {
    const { client } = await agentOf("Acme");
    const { tools } = await client.listTools();
    expect(tools.map((entry) => entry.name)).toEqual(expect.arrayContaining(["create_parser", "get_document_data", "upload_document_by_url", "approve_document", "export_documents"]));
    for (const entry of tools) expect(entry.inputSchema.type).toBe("object");

    const created = await tool(client, "create_parser", { name: "Made by an agent", fields: [{ name: "invoice_number", type: "text" }] });
    expect(created.isError).toBeFalsy();
    const parserId = String(created.structuredContent?.id);
    const read = await call<{ name: string }>(`/api/v1/parsers/${parserId}`, { key: acme() });
    expect(read.body.name).toBe("Made by an agent");

    const uploaded = await tool(client, "upload_document_by_url", { parserId, urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`] });
    expect(uploaded.isError, text(uploaded)).toBeFalsy();
    const documentId = String((uploaded.structuredContent?.result as { documentId: string }[])[0]?.documentId);
    const data = await tool(client, "get_document_data", { parserId, documentId, waitSeconds: 60 });
    expect(data.isError, text(data)).toBeFalsy();
    expect(data.structuredContent).toMatchObject({ data: { invoice_number: "INV-URL-7" } });

    const connections = await call<{ data: { clientName: string; lastUsedAt: string | null }[] }>("/api/v1/me/connections", { key: acme() });
    expect(connections.body.data.some((connection) => connection.clientName === "Test agent" && connection.lastUsedAt !== null)).toBe(true);
  });

  it("never sees another team's resources", async () => {
    const globexParser = await makeParser(quarry().seed.teams.find((team) => team.name === "Globex")!.apiKey, { name: "Globex only" });
    const { client } = await agentOf("Acme");
    const result = await tool(client, "get_parser", { parserId: globexParser.id });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("Parser not found");
    const listed = await tool(client, "list_parsers", {});
    expect(JSON.stringify(listed.structuredContent)).not.toContain(globexParser.id);
  });

  it("stops working at the next call once the connection is revoked, and so do its export links", async () => {
    const { client, auth } = await agentOf("Acme");
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const parserId = (await makeParser(acme())).id;
    const exported = await tool(client, "export_documents", { parserId, format: "csv" });
    const link = (exported.structuredContent as { url: string }).url;
    expect((await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl()))).status).toBe(200);
    const connections = await call<{ data: { id: string }[] }>("/api/v1/me/connections", { key: acme() });
    const accessToken = auth.stored!.access_token;
    // The key's user is Acme's admin, who connected this agent: revoke the newest connection.
    const revoked = await call(`/api/v1/me/connections/${connections.body.data[0]!.id}`, { method: "DELETE", key: acme() });
    expect(revoked.status).toBe(200);
    expect(await mcpStatus(accessToken)).toBe(401);
    // The link it handed out dies with it, long before its 10 minutes; the connection leaves the list.
    expect((await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl()))).status).toBe(404);
    const after = await call<{ data: { id: string }[] }>("/api/v1/me/connections", { key: acme() });
    expect(after.body.data.map((entry) => entry.id)).not.toContain(connections.body.data[0]!.id);
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: auth.stored!.refresh_token!, client_id: auth.information!.client_id });
    expect(refreshed.body.error).toBe("invalid_grant");
  });

  it("shows another team's member a 404 for a connection they do not own", async () => {
    const connections = await call<{ data: { id: string }[] }>("/api/v1/me/connections", { key: acme() });
    await agentOf("Acme");
    const mine = await call<{ data: { id: string }[] }>("/api/v1/me/connections", { key: acme() });
    const globexKey = quarry().seed.teams.find((team) => team.name === "Globex")!.apiKey;
    const foreign = await call(`/api/v1/me/connections/${mine.body.data[0]!.id}`, { method: "DELETE", key: globexKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: true });
    expect(mine.body.data.length).toBe(connections.body.data.length + 1);
  });
});

describe("refusals", () => {
  it("redeems a code once: the replay is refused", async () => {
    const jar = await jarFor("Acme");
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const code = await codeFor(jar, clientId, challenge);
    const form = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId, resource: `${baseUrl()}/mcp` };
    const first = await token(form);
    expect(first.status).toBe(200);
    expect(await mcpStatus(first.body.access_token!)).toBe(200);
    const replay = await token(form);
    expect(replay.body.error).toBe("invalid_grant");
  });

  it("rotates refresh tokens and refuses a used one", async () => {
    const jar = await jarFor("Acme");
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const code = await codeFor(jar, clientId, challenge);
    const issued = await token({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    const refreshToken = issued.body.refresh_token!;
    const rotated = await token({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).toBeTruthy();
    expect(rotated.body.refresh_token).not.toBe(refreshToken);
    const clientIds = async () => (await call<{ data: { clientId: string }[] }>("/api/v1/me/connections", { key: acme() })).body.data.map((entry) => entry.clientId);
    expect(await clientIds()).toContain(clientId);
    const reused = await token({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
    expect(reused.body.error).toBe("invalid_grant");
    // The reuse revoked the whole grant: the connection is dead and leaves the list, though nobody revoked it.
    expect(await clientIds()).not.toContain(clientId);
  });

  it("refuses a wrong code verifier, plain PKCE, a missing challenge and a mismatched redirect URI", async () => {
    const jar = await jarFor("Acme");
    const clientId = await register();
    const { challenge } = pkce();
    const code = await codeFor(jar, clientId, challenge);
    const wrongVerifier = await token({ grant_type: "authorization_code", code, code_verifier: randomBytes(32).toString("base64url"), redirect_uri: REDIRECT_URI, client_id: clientId });
    expect(wrongVerifier.body.error).toBe("invalid_grant");

    const attempts: Record<string, string>[] = [
      { client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "plain" },
      { client_id: clientId, redirect_uri: REDIRECT_URI },
      { client_id: clientId, redirect_uri: "http://127.0.0.1:9/callback/other", code_challenge: challenge, code_challenge_method: "S256" },
      { client_id: clientId, redirect_uri: "http://127.0.0.1:9/callback?x=1", code_challenge: challenge, code_challenge_method: "S256" },
    ];
    for (const params of attempts) {
      const response = await fetch(authorizationUrl(params), { redirect: "manual", headers: { cookie: jar.header() } });
      const location = response.headers.get("location") ?? "";
      // Never the consent page, and never a code.
      expect(location).not.toContain("/oauth/consent");
      expect(location).not.toContain("code=");
      if (params.redirect_uri === REDIRECT_URI) expect(new URL(location).searchParams.get("error")).toBe("invalid_request");
      else expect(response.status).toBe(400);
    }
  });

  it("issues tokens for this MCP server only (audience)", async () => {
    const jar = await jarFor("Acme");
    const clientId = await register();
    const { challenge } = pkce();
    const response = await fetch(authorizationUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "S256", resource: "https://elsewhere.example/mcp" }), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("invalid_target");
  });

  it("binds consent to the browser that started the request", async () => {
    const attacker = await jarFor("Globex");
    const clientId = await register();
    const { challenge } = pkce();
    const step = await openConsent(attacker, authorizationUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "S256" }));
    // Someone else, signed in, opens the attacker's consent link and allows it.
    const victim = await jarFor("Acme");
    const page = await fetch(step.consentUrl, { headers: { cookie: victim.header() } });
    expect(await page.text()).toContain("This request has expired");
    const posted = await fetch(`${baseUrl()}/oauth/consent/decision`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl(), cookie: victim.header() },
      body: new URLSearchParams({ uid: step.uid, teamId: seedTeam("Acme").id, decision: "allow" }),
    });
    expect(posted.headers.get("location")).toContain("/oauth/consent?uid=");
  });
});

describe("client ID metadata documents", () => {
  it("accepts an agent identified by the https URL of its metadata document, fetched through the SSRF-safe fetch", async () => {
    // The one loopback port the server may fetch from (SAFE_FETCH_ALLOW); its TLS certificate is trusted by the
    // server through NODE_EXTRA_CA_CERTS (global setup).
    let clientId = "";
    const site = https.createServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (request, response) => {
      if (request.url !== "/agent.json") return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=60" });
      response.end(JSON.stringify({ client_id: clientId, client_name: "Metadata agent", redirect_uris: [REDIRECT_URI], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" }));
    });
    await new Promise<void>((resolve) => site.listen(quarry().webhookPort, "127.0.0.1", resolve));
    try {
      clientId = `https://127.0.0.1:${(site.address() as AddressInfo).port}/agent.json`;
      const jar = await jarFor("Acme");
      const { verifier, challenge } = pkce();
      const step = await openConsent(jar, authorizationUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "S256" }));
      expect(await (await fetch(step.consentUrl, { headers: { cookie: jar.header() } })).text()).toContain("Metadata agent");
      const callback = await decide(jar, step, { allow: true, teamId: seedTeam("Acme").id });
      const issued = await token({ grant_type: "authorization_code", code: callback.get("code")!, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
      expect(issued.status).toBe(200);
      expect(await mcpStatus(issued.body.access_token!)).toBe(200);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it("never fetches a metadata document from a private address", async () => {
    const jar = await jarFor("Acme");
    const { challenge } = pkce();
    for (const clientId of ["https://10.0.0.1/agent.json", "https://169.254.169.254/latest/meta-data", "https://127.0.0.1:1/agent.json"]) {
      const response = await fetch(authorizationUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: "S256" }), { redirect: "manual", headers: { cookie: jar.header() } });
      expect(response.status).toBe(400);
      expect(response.headers.get("location") ?? "").not.toContain("/oauth/consent");
    }
  });
});
