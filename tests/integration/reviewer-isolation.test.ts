import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, freshKey, quarry, seedTeam, type ApiResponse } from "../support/http";
import { keyPool } from "../support/key-pool";
import { connectAgent, decide, openConsent, signedInJar } from "../support/mcp-oauth";
import { openApiRoutes, type OpenApiRoute } from "../support/openapi-routes";
import { fillPath, SAMPLE_QUERIES, sampleBody, withQuery, type SampleEnv } from "../support/sample-requests";
import { buildTeamWorld, uploadPdf, type TeamWorld } from "../support/team-world";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * The isolation matrix inside one team (DESIGN §1.2: a reviewer sees "documents of parsers they review"). Team A
 * (Acme) owns one of every resource; R is a reviewer of A who holds a review stage on A's routing parser only. R's
 * console token is sent at every route of `openapi.json` under a parser or classifier, with A's ids: a route R's
 * role may call answers 404 with the spec's body, exactly as for another team (never 403, never the data); the
 * others 403 for the missing permission. A's admin reads the same URLs (200), so the 404s are R's boundary and
 * not bad requests. Then the team-wide reads (parsers, queue, usage) and R's MCP agent get the same treatment.
 */

/** The role table's reviewer permissions (lib/auth/permissions.ts), as the API is expected to apply them. */
const REVIEWER_PERMISSIONS = ["parsers.read", "documents.read", "reviews.read", "reviews.write"];

let A: TeamWorld;
let routes: OpenApiRoute[] = [];
let env: SampleEnv;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let minter = "";
const aKeys = keyPool(() => minter);
let reviewer: Awaited<ReturnType<typeof addMemberAndSignIn>>;
/** A document of the routing parser, in review at R's stage. */
let ownDocumentId = "";
let agent: Client | undefined;
let documentBefore: unknown;

const token = () => consoleTokenFor(reviewer.cookie); // short-lived: a fresh one per use
const adminGet = async (path: string) => call<Record<string, unknown>>(path, { key: await aKeys.key() });

/** A's ids under its main parser, and the names built from its marker: none may reach R. */
function secrets(a: TeamWorld): string[] {
  return [a.parserId, a.documentId, a.externalId, a.folderId, a.fieldId, a.columnId, a.stageId, a.webhookId, a.deliveryId, `${a.marker} Invoices`, `${a.marker} Inbox`, `${a.marker} Check`];
}

function expectNothingOfA(answer: string, sent: string, label: string) {
  for (const secret of secrets(A)) if (!sent.includes(secret)) expect(answer, `${label} leaks ${secret}`).not.toContain(secret);
}

/** Signed file links and waiting times move on their own; the document has not changed. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, inner]) => key !== "waitingSeconds" && !(typeof inner === "string" && inner.includes("/api/files/")))
        .map(([key, inner]) => [key, stable(inner)]),
    );
  }
  return value;
}

async function waitForStatus(path: string, done: (status: string) => boolean) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = String((await adminGet(path)).body.status);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`${path}: still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  minter = (await freshKey(seedTeam("Acme").apiKey)).key;
  env = { webhookUrl: receiver.url, fixtureUrl: `${quarry().fixtureBaseUrl}/invoice.pdf` };
  routes = (await openApiRoutes()).routes;
  A = await buildTeamWorld(aKeys, receiver.url);
  reviewer = await addMemberAndSignIn(await aKeys.key(), "reviewer");
  const stage = await call(`/api/v1/parsers/${A.routingParserId}/review-stages`, { key: await aKeys.key(), body: { name: "R checks", reviewerId: reviewer.userId } });
  if (stage.status !== 201) throw new Error(`stage: ${stage.status} ${JSON.stringify(stage.body)}`);
  const uploaded = await uploadPdf(`/api/v1/process/${A.routingParserId}/files`, await aKeys.key());
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  ownDocumentId = (uploaded.body as { result: { documentId: string }[] }).result[0]!.documentId;
  await waitForStatus(`/api/v1/parsers/${A.routingParserId}/documents/${ownDocumentId}`, (status) => status === "in_review");
  documentBefore = stable((await adminGet(`/api/v1/parsers/${A.parserId}/documents/${A.documentId}`)).body);

  // R connects an agent over OAuth, as any member can.
  const jar = await signedInJar(baseUrl(), reviewer.email, reviewer.password);
  agent = (await connectAgent(baseUrl(), async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: A.teamId }))).client;
}, 240_000);

afterAll(async () => {
  await agent?.close();
  await receiver?.close();
});

/** Routes addressed by a parser or classifier of the team: every one of them is probed at A's ids. */
const scoped = (route: OpenApiRoute) => /\{(parserId|classifierId)\}/.test(route.path);

async function sendAsReviewer(route: OpenApiRoute, world: TeamWorld): Promise<{ response: ApiResponse<unknown>; url: string; sent: string }> {
  const url = withQuery(fillPath(route.path, world), SAMPLE_QUERIES[route.key]?.(world));
  if (route.multipart) {
    const response = await uploadPdf(url, await token());
    return { response: { ...response, headers: new Headers() }, url, sent: url };
  }
  const body = route.jsonBody ? sampleBody(route.key, world, world, env) : undefined;
  const response = await call<unknown>(url, { method: route.method, key: await token(), body });
  return { response, url, sent: JSON.stringify([url, body]) };
}

describe("a reviewer of another parser at A's parser, over REST", () => {
  it("probes every route under a parser or classifier", () => {
    expect(routes.filter(scoped).length).toBeGreaterThan(40);
  });

  it("answers 404 where the role may call the route and 403 where it may not, with nothing of A's parser", async () => {
    const failures: string[] = [];
    for (const route of routes.filter(scoped)) {
      const { response, url, sent } = await sendAsReviewer(route, A);
      const text = JSON.stringify(response.body);
      const label = `${route.key} as R`;
      expectNothingOfA(text, sent, label);
      const expected = route.permission === null || REVIEWER_PERMISSIONS.includes(route.permission) ? 404 : 403;
      if (response.status !== expected) failures.push(`${label}: ${response.status} (expected ${expected}) ${text.slice(0, 200)}`);
      expect((response.body as { error?: unknown }).error, `${label}: the spec's error body`).toBe(true);
      // The control: A's admin reads the same URL, so R's 404 is the boundary and not a bad request.
      if (expected === 404 && route.method === "GET") expect((await adminGet(url)).status, `${route.key} as A's admin`).toBe(200);
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to A's document through the parser R does review, never the spec's 403 Access denied", async () => {
    const own = (path: string) => `/api/v1/parsers/${A.routingParserId}${path}`;
    for (const url of [
      own(`/documents/${A.documentId}`),
      own(`/documents/${A.documentId}/markdown`),
      `/api/v1/process/${A.routingParserId}/files/data?documentId=${A.documentId}`,
      `/api/v1/process/${A.routingParserId}/files/data?externalId=${encodeURIComponent(A.externalId)}`,
    ]) {
      const response = await call(url, { key: await token() });
      expect(response.status, url).toBe(404);
      expectNothingOfA(JSON.stringify(response.body), url, url);
    }
    // An admin of the team is told the document is another parser's (the spec's answer): R is not.
    expect((await adminGet(`/api/v1/process/${A.routingParserId}/files/data?documentId=${A.documentId}`)).status).toBe(403);
    for (const action of ["approve", "reject", "reset"]) {
      const response = await call(own(`/documents/${A.documentId}/review/${action}`), { key: await token(), body: { reviewerId: reviewer.userId } });
      expect(response.status, action).toBe(404);
    }
    const taken = await call(own(`/documents/${A.documentId}/review/assign`), { key: await token(), body: { reviewerId: reviewer.userId } });
    expect(taken.status).toBe(404);
  });

  it("lists, searches and queues only the parser R reviews", async () => {
    const parsers = await call<{ data: { id: string }[] }>("/api/v1/parsers?includeArchived=true", { key: await token() });
    expect(parsers.status).toBe(200);
    expect(parsers.body.data.map((parser) => parser.id)).toEqual([A.routingParserId]);
    const listed = await call<{ data: { id: string }[] }>(`/api/v1/parsers/${A.routingParserId}/documents?limit=100`, { key: await token() });
    expect(listed.body.data.map((document) => document.id)).toContain(ownDocumentId);
    const searched = await call<{ data: { id: string }[] }>(`/api/v1/parsers/${A.routingParserId}/documents/search`, { key: await token(), body: { q: "invoice" } });
    expect(searched.status).toBe(200);
    expect(searched.body.data.map((document) => document.id)).toContain(ownDocumentId);
    const queue = await call("/api/v1/review-queue?assignee=any&limit=100", { key: await token() });
    expect(queue.status).toBe(200);
    expect(JSON.stringify(queue.body)).toContain(ownDocumentId);
    const usage = await call("/api/v1/usage", { key: await token() });
    expect(usage.status).toBe(200);
    for (const response of [parsers, listed, searched, queue, usage]) expectNothingOfA(JSON.stringify(response.body), "", "team-wide read");
    // The controls: A's admin sees A's parser and document in the same places.
    expect(JSON.stringify((await adminGet("/api/v1/parsers?includeArchived=true")).body)).toContain(A.parserId);
    expect(JSON.stringify((await adminGet("/api/v1/review-queue?assignee=any&limit=100")).body)).toContain(A.documentId);
  });

  it("cannot export A's parser (no exports.read), nor its own", async () => {
    for (const parserId of [A.parserId, A.routingParserId]) {
      const response = await call(`/api/v1/parsers/${parserId}/export`, { key: await token(), body: { format: "json" } });
      expect(response.status, parserId).toBe(403);
      expectNothingOfA(JSON.stringify(response.body), parserId, "export");
    }
  });

  it("left A's document as it was", async () => {
    expect(stable((await adminGet(`/api/v1/parsers/${A.parserId}/documents/${A.documentId}`)).body)).toEqual(documentBefore);
  });
});

type ToolResult = { isError?: boolean; content?: { type: string; text?: string }[] };

async function callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    return (await agent!.callTool({ name, arguments: args })) as ToolResult;
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }] };
  }
}

const toolText = (result: ToolResult) => (result.content ?? []).map((part) => part.text ?? "").join("\n");

/** R's agent at A's parser: every tool that takes a parser; "notFound" where the role may act, "refused" where not. */
const TOOL_PROBES: Record<string, { args: (a: TeamWorld, env: SampleEnv) => Record<string, unknown>; outcome: "notFound" | "refused" }[]> = {
  get_parser: [{ args: (a) => ({ parserId: a.parserId, includeArchived: true }), outcome: "notFound" }],
  update_parser: [{ args: (a) => ({ parserId: a.parserId, name: "Stolen" }), outcome: "refused" }],
  list_fields: [{ args: (a) => ({ parserId: a.parserId }), outcome: "notFound" }],
  create_field: [{ args: (a) => ({ parserId: a.parserId, field: { name: "stolen", type: "text" } }), outcome: "refused" }],
  update_field: [{ args: (a) => ({ parserId: a.parserId, fieldId: a.fieldId, description: "stolen" }), outcome: "refused" }],
  delete_field: [{ args: (a) => ({ parserId: a.parserId, fieldId: a.fieldId }), outcome: "refused" }],
  upload_document: [{ args: (a) => ({ parserId: a.parserId, fileName: "x.pdf", contentBase64: Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64") }), outcome: "refused" }],
  upload_document_by_url: [{ args: (a, env) => ({ parserId: a.parserId, urls: [env.fixtureUrl] }), outcome: "refused" }],
  get_document_data: [
    { args: (a) => ({ parserId: a.parserId, documentId: a.documentId, waitSeconds: 0 }), outcome: "notFound" },
    { args: (a) => ({ parserId: a.parserId, externalId: a.externalId, waitSeconds: 0 }), outcome: "notFound" },
    { args: (a) => ({ parserId: a.routingParserId, documentId: a.documentId, waitSeconds: 0 }), outcome: "notFound" },
  ],
  get_document: [
    { args: (a) => ({ parserId: a.parserId, documentId: a.documentId }), outcome: "notFound" },
    { args: (a) => ({ parserId: a.routingParserId, documentId: a.documentId }), outcome: "notFound" },
  ],
  list_documents: [{ args: (a) => ({ parserId: a.parserId }), outcome: "notFound" }],
  search_documents: [{ args: (a) => ({ parserId: a.parserId, q: a.marker }), outcome: "notFound" }],
  approve_document: [{ args: (a) => ({ parserId: a.parserId, documentId: a.documentId }), outcome: "notFound" }],
  reject_document: [{ args: (a) => ({ parserId: a.parserId, documentId: a.documentId }), outcome: "notFound" }],
  reset_document: [{ args: (a) => ({ parserId: a.parserId, documentId: a.documentId }), outcome: "notFound" }],
  assign_reviewer: [{ args: (a) => ({ parserId: a.parserId, documentId: a.documentId }), outcome: "notFound" }],
  export_documents: [{ args: (a) => ({ parserId: a.parserId, format: "json" }), outcome: "refused" }],
  list_folders: [{ args: (a) => ({ parserId: a.parserId }), outcome: "notFound" }],
  move_documents: [{ args: (a) => ({ parserId: a.parserId, documentIds: [a.documentId], folderId: null }), outcome: "refused" }],
};

describe("a reviewer's MCP agent at A's parser", () => {
  it("has a probe for every tool that takes a parser", async () => {
    const tools = (await agent!.listTools()).tools;
    const takingParser = tools.filter((tool) => Object.keys(tool.inputSchema.properties ?? {}).includes("parserId")).map((tool) => tool.name);
    expect(takingParser.length).toBeGreaterThan(10);
    expect(takingParser.filter((name) => !TOOL_PROBES[name])).toEqual([]);
  });

  it.each(Object.keys(TOOL_PROBES))("%s", async (name) => {
    for (const probe of TOOL_PROBES[name]!) {
      const args = probe.args(A, env);
      const result = await callTool(name, args);
      const label = `${name} ${JSON.stringify(args)}`;
      expect(result.isError, `${label}: ${toolText(result)}`).toBe(true);
      if (probe.outcome === "notFound") expect(toolText(result), label).toMatch(/not found/i);
      expectNothingOfA(JSON.stringify(result), JSON.stringify(args), label);
    }
  });

  it("lists only R's parser and reads none of A's parser's resources", async () => {
    const parsers = await callTool("list_parsers", { includeArchived: true });
    expect(toolText(parsers)).toContain(A.routingParserId);
    expect(toolText(parsers)).not.toContain(A.parserId);
    const own = await callTool("list_documents", { parserId: A.routingParserId });
    expect(own.isError, toolText(own)).toBeFalsy();
    expect(toolText(own)).toContain(ownDocumentId);
    const listed = JSON.stringify(await agent!.listResources());
    expect(listed).toContain(A.routingParserId);
    expectNothingOfA(listed, "", "resources/list");
    for (const uri of [`quarry://documents/${A.documentId}/markdown`, `quarry://parsers/${A.parserId}/schema`]) {
      const message = await agent!.readResource({ uri }).then(
        () => "",
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(message, uri).toMatch(/not found/i);
    }
  });
});
