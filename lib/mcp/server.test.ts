import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Client, InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { McpServer, type AuthInfo } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONSOLE_TOKEN_PREFIX, mintConsoleToken } from "@/lib/auth/console-token";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, type DocumentStatus } from "@/lib/db/schema";
import { unauthorized } from "@/lib/http/errors";
import type { ServiceContext } from "@/lib/services/context";
import { documentSearchText, getDocument } from "@/lib/services/documents";
import { createField } from "@/lib/services/fields";
import { createFolder } from "@/lib/services/folders";
import { createReviewStage } from "@/lib/services/reviews";
import { extractedDocument, type ReviewWorld } from "@/lib/services/reviews/fixtures";
import { startFixtureServer } from "@/tests/support/fixture-files";
import { getParser, listParsers } from "@/lib/services/parsers";
import { exportDownloadResponse } from "./export-download";
import { verifyExportDownloadToken } from "./export-link";
import { registerQuarryMcp } from "./server";

/**
 * The MCP tools end to end inside the process: the official client talks to an McpServer over the in-memory
 * transport, each client presenting a bearer token that `contextFor` resolves to a member of a PGlite team, as
 * the OAuth route will. Services do the work, so these tests are about what an agent sees: the tool list, the
 * results, and the REST API's errors as tool errors.
 */
let handle: DatabaseHandle;
let admin: TestActor;
let reviewer: TestActor;
let globex: TestActor;
const tokens = new Map<string, TestActor>();
const seenAuth: (AuthInfo | undefined)[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-mcp-test-"));
const clients: Client[] = [];
/** The job queue is not under test here: uploads are checked by the jobs they start. */
const sentJobs: { name: string; data: { documentId: string } }[] = [];
const queue = {
  send: async (name: string, data: { documentId: string }) => {
    sentJobs.push({ name, data });
    return `job-${sentJobs.length}`;
  },
};
let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;

async function contextFor(authInfo: AuthInfo | undefined): Promise<ServiceContext> {
  seenAuth.push(authInfo);
  const actor = authInfo ? tokens.get(authInfo.token) : undefined;
  if (!actor) throw unauthorized("Sign in again: this connection's access token is missing or expired");
  return { ...actor, actor: { ...actor.actor, via: "oauth" } };
}

/** A client whose every request carries `token` as the transport's validated auth info. */
async function connectAs(actor: TestActor | null): Promise<Client> {
  const token = actor ? `token-${randomUUID()}` : null;
  if (actor && token) tokens.set(token, actor);
  const server = new McpServer({ name: "quarry-test", version: "0.0.0" });
  registerQuarryMcp(server, contextFor, { queue: async () => queue });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => send(message, { ...options, ...(token ? { authInfo: { token, clientId: "test-agent", scopes: [] } } : {}) });
  await server.connect(serverSide);
  const client = new Client({ name: "quarry-test-agent", version: "0.0.0" });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return client.callTool({ name, arguments: args });
}

async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  return JSON.parse(text(result)) as T;
}

async function addDocument(actor: TestActor, parserId: string, extra: Partial<typeof documents.$inferInsert> = {}) {
  const name = extra.name ?? `doc-${randomUUID().slice(0, 8)}.pdf`;
  const data = extra.data ?? {};
  const [row] = await handle.db
    .insert(documents)
    .values({
      teamId: actor.teamId,
      parserId,
      name,
      status: "processed" as DocumentStatus,
      source: "api",
      contentType: "application/pdf",
      searchText: documentSearchText({ name, externalId: null, data }),
      ...extra,
    })
    .returning();
  return row!;
}

let adminClient: Client;
let reviewerClient: Client;
let globexClient: Client;

beforeAll(async () => {
  fixtures = await startFixtureServer();
  process.env.SAFE_FETCH_ALLOW = fixtures.hostPort;
  process.env.DATA_DIR = dataDir;
  process.env.AUTH_SECRET = "mcp-test-secret";
  process.env.PUBLIC_BASE_URL = "https://quarry.test";
  handle = await createTestDatabase();
  const acme = await makeTeam(handle.db, "Acme");
  admin = await makeMember(handle.db, acme.id, "admin");
  reviewer = await makeMember(handle.db, acme.id, "reviewer");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
  adminClient = await connectAs(admin);
  reviewerClient = await connectAs(reviewer);
  globexClient = await connectAs(globex);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await fixtures.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const TOOLS = [
  "list_parsers",
  "get_parser",
  "create_parser",
  "update_parser",
  "list_fields",
  "create_field",
  "update_field",
  "delete_field",
  "list_classifiers",
  "get_classifier",
  "create_classifier",
  "update_classifier",
  "upload_document_by_url",
  "get_document_data",
  "get_document",
  "list_documents",
  "search_documents",
  "approve_document",
  "reject_document",
  "reset_document",
  "assign_reviewer",
  "export_documents",
  "list_folders",
  "move_documents",
];

describe("tools/list", () => {
  it("lists every tool with an object input schema whose every property is described for the agent", async () => {
    const { tools } = await adminClient.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      for (const [key, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description, `${tool.name}.${key}`).toBeTruthy();
      }
    }
    const createParser = tools.find((tool) => tool.name === "create_parser")!;
    expect(createParser.inputSchema.required).toEqual(["name"]);
    expect(createParser.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    expect(tools.find((tool) => tool.name === "upload_document_by_url")!.annotations?.openWorldHint).toBe(true);
    expect(tools.find((tool) => tool.name === "delete_field")!.annotations?.destructiveHint).toBe(true);
    expect(tools.find((tool) => tool.name === "get_document_data")!.inputSchema.properties).toHaveProperty("waitSeconds");
    // Small results advertise their schema; the whole list stays small enough for an agent's context.
    expect(tools.find((tool) => tool.name === "list_fields")!.outputSchema).toBeDefined();
    expect(tools.find((tool) => tool.name === "get_document")!.outputSchema).toBeUndefined();
    expect(JSON.stringify(tools).length).toBeLessThan(100_000);
  });
});

describe("parsers and fields", () => {
  it("create_parser creates a parser the service then finds, and passes the connection's auth info to contextFor", async () => {
    const before = seenAuth.length;
    const result = await call(adminClient, "create_parser", { name: "Supplier invoices", fields: [{ name: "Invoice number", type: "text" }] });
    expect(result.isError).toBeFalsy();
    const created = result.structuredContent as { id: string; name: string };
    expect(JSON.parse(text(result))).toEqual(created);
    const stored = await getParser(admin, created.id);
    expect(stored.name).toBe("Supplier invoices");
    expect(seenAuth.length).toBe(before + 1);
    expect(seenAuth.at(-1)?.clientId).toBe("test-agent");
  });

  it("create_field adds a table field that list_fields then returns", async () => {
    const parser = await ok<{ id: string }>(adminClient, "create_parser", { name: "Receipts" });
    const created = await ok<{ field: { name: string }; reprocessRecommended: boolean }>(adminClient, "create_field", {
      parserId: parser.id,
      field: { name: "Items", type: "table", columns: [{ name: "SKU", type: "text" }, { name: "Amount", type: "number" }] },
    });
    expect(created.field.name).toBe("Items");
    expect(created.reprocessRecommended).toBe(false);
    const listed = await ok<{ data: { name: string; columns?: { name: string }[] }[] }>(adminClient, "list_fields", { parserId: parser.id });
    expect(listed.data.map((field) => field.name)).toEqual(["Items"]);
    expect(listed.data[0]!.columns?.map((column) => column.name)).toEqual(["SKU", "Amount"]);

    await ok(adminClient, "update_field", { parserId: parser.id, fieldId: "items", name: "Lines" });
    const removed = await ok<{ fields: unknown[] }>(adminClient, "delete_field", { parserId: parser.id, fieldId: "Lines" });
    expect(removed.fields).toEqual([]);
  });

  it("update_parser changes a settings group", async () => {
    const parser = await ok<{ id: string }>(adminClient, "create_parser", { name: "Contracts" });
    const updated = await ok<{ settings: { markdownParsing: { enabled: boolean } } }>(adminClient, "update_parser", { parserId: parser.id, markdownParsing: { enabled: true } });
    expect(updated.settings.markdownParsing.enabled).toBe(true);
    expect((await getParser(admin, parser.id)).settings.markdownParsing.enabled).toBe(true);
  });

  it("another team's parser id is the API's not-found, and nothing changes", async () => {
    const parser = await makeParser(handle.db, admin.teamId, "Acme private");
    const result = await call(globexClient, "update_parser", { parserId: parser.id, name: "Taken over" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("Parser not found");
    expect((await getParser(admin, parser.id)).name).toBe("Acme private");

    const fields = await call(globexClient, "create_field", { parserId: parser.id, field: { name: "Sneaky", type: "text" } });
    expect(fields.isError).toBe(true);
    expect(text(fields)).toBe("Parser not found");
  });

  it("a reviewer cannot create a parser: the API's permission message, and no parser", async () => {
    const count = (await listParsers(admin)).length;
    const result = await call(reviewerClient, "create_parser", { name: "Not allowed" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("This API key or role lacks the parsers.write permission.");
    expect((await listParsers(admin)).length).toBe(count);
  });

  it("invalid arguments are a tool error naming the field", async () => {
    const emptyName = await call(adminClient, "create_parser", { name: "" });
    expect(emptyName.isError).toBe(true);
    expect(text(emptyName)).toMatch(/\bname\b.*Name is required/);

    const parser = await makeParser(handle.db, admin.teamId);
    const select = await call(adminClient, "create_field", { parserId: parser.id, field: { name: "Kind", type: "select" } });
    expect(select.isError).toBe(true);
    expect(text(select)).toContain("field.options");

    const both = await call(adminClient, "upload_document_by_url", { parserId: parser.id, classifierId: randomUUID(), urls: ["https://example.com/a.pdf"] });
    expect(both.isError).toBe(true);
    expect(text(both)).toContain("parserId: Give exactly one of parserId and classifierId");
  });

  it("an unexpected failure is a generic tool error, logged without the arguments", async () => {
    // A context whose team id the database cannot even parse: the service fails in a way no caller caused.
    const broken = await connectAs({ ...admin, teamId: "not-a-uuid" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await call(broken, "create_parser", { name: "secret-project-name" });
      expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "Internal server error" }] });
      expect(logged).toHaveBeenCalledTimes(1);
      const [label, detail] = logged.mock.calls[0]! as [string, Error];
      expect(label).toBe("[mcp] create_parser: unhandled error");
      // The query and the database's reason are there; the bound parameters (the caller's values) are not.
      expect(detail.message).toMatch(/^Failed query: insert into "parsers"/);
      expect(String((detail.cause as Error).message)).toContain("invalid input syntax for type uuid");
      expect(`${detail.message}\n${detail.stack}`).not.toContain("secret-project-name");
    } finally {
      logged.mockRestore();
    }
  });

  it("a connection without a valid token gets the context's error", async () => {
    const anonymous = await connectAs(null);
    const result = await call(anonymous, "list_parsers", {});
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("access token is missing or expired");
  });
});

describe("documents", () => {
  it("get_document_data returns a processed document's data at once", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const document = await addDocument(admin, parser.id, { data: { Total: 42.5, Vendor: "ACME" } });
    const view = await ok<{ data: Record<string, unknown>; metadata: { status: string; id: string } }>(adminClient, "get_document_data", {
      parserId: parser.id,
      documentId: document.id,
    });
    expect(view.metadata).toMatchObject({ id: document.id, status: "processed" });
    expect(view.data).toEqual({ Total: 42.5, Vendor: "ACME" });
  });

  it("get_document_data waits a bounded time for a document still processing", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const document = await addDocument(admin, parser.id, { status: "processing", externalId: "ext-1" });
    const started = Date.now();
    const view = await ok<{ data: Record<string, unknown>; metadata: { status: string } }>(adminClient, "get_document_data", {
      parserId: parser.id,
      externalId: "ext-1",
      waitSeconds: 1,
    });
    const elapsed = Date.now() - started;
    expect(view.metadata.status).toBe("processing");
    expect(view.data).toEqual({});
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(10_000);
    expect(document.id).toBeTruthy();

    const tooLong = await call(adminClient, "get_document_data", { parserId: parser.id, documentId: document.id, waitSeconds: 61 });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toContain("waitSeconds");
  });

  it("search_documents filters on extracted values; list_documents on metadata", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const big = await addDocument(admin, parser.id, { data: { Total: 1200 } });
    await addDocument(admin, parser.id, { data: { Total: 80 } });
    const found = await ok<{ data: { id: string }[] }>(adminClient, "search_documents", {
      parserId: parser.id,
      filters: [{ field: "Total", operator: "gt", value: 1000 }],
    });
    expect(found.data.map((document) => document.id)).toEqual([big.id]);
    const listed = await ok<{ data: unknown[]; pagination: { total: number } }>(adminClient, "list_documents", { parserId: parser.id, status: "processed", limit: 1 });
    expect(listed.data).toHaveLength(1);
    expect(listed.pagination.total).toBe(2);
  });

  it("move_documents moves all or nothing; list_folders shows the folder", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const folder = await createFolder(admin, parser.id, { name: "Paid" });
    const first = await addDocument(admin, parser.id);
    const second = await addDocument(admin, parser.id);
    const missing = randomUUID();
    const refused = await call(adminClient, "move_documents", { parserId: parser.id, documentIds: [first.id, missing], folderId: folder.id });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("Document not found");
    expect((await getDocument(admin, parser.id, first.id)).folderId).toBeNull();

    const moved = await ok<{ moved: number }>(adminClient, "move_documents", { parserId: parser.id, documentIds: [first.id, second.id], folderId: folder.id });
    expect(moved.moved).toBe(2);
    const folders = await ok<{ data: { id: string; documentCount: number }[] }>(adminClient, "list_folders", { parserId: parser.id });
    expect(folders.data).toEqual([expect.objectContaining({ id: folder.id, documentCount: 2 })]);
  });

  it("review decisions act as the connected user and answer with the service's message", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const document = await addDocument(admin, parser.id);
    const reset = await call(reviewerClient, "reset_document", { parserId: parser.id, documentId: document.id });
    expect(reset.isError).toBe(true);
    expect(text(reset)).toBe("Only an approved or rejected document can be reset to review; this one is processed");
  });
});

describe("exports", () => {
  it("json comes inline and says when it was cut short", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    await createField(admin, parser.id, { name: "Total", type: "number" });
    await addDocument(admin, parser.id, { name: "a.pdf", data: { Total: 1 } });
    await addDocument(admin, parser.id, { name: "b.pdf", data: { Total: 2 } });
    const all = await ok<{ total: number; returned: number; truncated: boolean; export: { documents: { name: string; data: { Total: number } }[] } }>(
      adminClient,
      "export_documents",
      { parserId: parser.id, format: "json", sort: "name.asc" },
    );
    expect(all).toMatchObject({ total: 2, returned: 2, truncated: false });
    expect(all.export.documents.map((document) => [document.name, document.data.Total])).toEqual([
      ["a.pdf", 1],
      ["b.pdf", 2],
    ]);
    const cut = await ok<{ total: number; returned: number; truncated: boolean }>(adminClient, "export_documents", { parserId: parser.id, format: "json", limit: 1 });
    expect(cut).toMatchObject({ total: 2, returned: 1, truncated: true });
  });

  it("csv answers with a short-lived link whose token verifies to the request", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const answer = await ok<{ url: string; expiresAt: string }>(adminClient, "export_documents", { parserId: parser.id, format: "csv", status: "processed" });
    expect(answer.url.startsWith("https://quarry.test/api/mcp-exports/")).toBe(true);
    const minutes = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const token = answer.url.split("/").at(-1)!;
    const grant = await verifyExportDownloadToken(token);
    expect(grant).toMatchObject({ teamId: admin.teamId, userId: admin.actor.userId, parserId: parser.id, request: { format: "csv", status: "processed" } });
    // Another team in the payload breaks the signature; a console token (same secret, other purpose) is refused too.
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, team: globex.teamId })).toString("base64url");
    expect(await verifyExportDownloadToken(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyExportDownloadToken((await mintConsoleToken(admin.actor.userId, admin.teamId)).token.slice(CONSOLE_TOKEN_PREFIX.length))).toBeNull();

    const foreign = await call(globexClient, "export_documents", { parserId: parser.id, format: "csv" });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toBe("Parser not found");
  });
});

describe("resources", () => {
  it("a parser's schema and a document as markdown (its data rendered when it has no markdown)", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    await createField(admin, parser.id, { name: "Vendor", type: "text" });
    await createField(admin, parser.id, { name: "Items", type: "table", columns: [{ name: "SKU", type: "text" }] });
    const schema = await adminClient.readResource({ uri: `quarry://parsers/${parser.id}/schema` });
    const content = schema.contents[0] as { text: string };
    expect((JSON.parse(content.text) as { fields: { name: string }[] }).fields.map((field) => field.name)).toEqual(["Vendor", "Items"]);

    const document = await addDocument(admin, parser.id, { name: "inv.pdf", data: { Vendor: "ACME | Co", Items: [{ SKU: "A-1" }] } });
    const markdown = await adminClient.readResource({ uri: `quarry://documents/${document.id}/markdown` });
    const rendered = (markdown.contents[0] as { text: string }).text;
    expect(rendered).toContain("# inv.pdf");
    expect(rendered).toContain("- **Vendor**: ACME \\| Co");
    expect(rendered).toContain("| A-1 |");

    const withMarkdown = await addDocument(admin, parser.id, { markdown: "# Invoice\n\nText of the page" });
    const own = await adminClient.readResource({ uri: `quarry://documents/${withMarkdown.id}/markdown` });
    expect((own.contents[0] as { text: string }).text).toBe("# Invoice\n\nText of the page");

    await expect(globexClient.readResource({ uri: `quarry://documents/${document.id}/markdown` })).rejects.toThrow(/Document not found/);
    await expect(adminClient.readResource({ uri: "quarry://parsers/not-a-uuid/schema" })).rejects.toThrow(/Parser not found/);
  });
});

describe("uploads and classifiers", () => {
  it("upload_document_by_url stores the file through the safe fetch and starts its extraction", async () => {
    const parser = await ok<{ id: string }>(adminClient, "create_parser", { name: "From URLs" });
    const answer = await ok<{ success: boolean; result: { documentId: string; status: string; name: string; externalId: string | null }[] }>(
      adminClient,
      "upload_document_by_url",
      { parserId: parser.id, urls: [`${fixtures.baseUrl}/invoice.pdf`], externalIds: ["po-7"] },
    );
    expect(answer.success).toBe(true);
    expect(answer.result).toEqual([expect.objectContaining({ name: "invoice.pdf", status: "processing", externalId: "po-7" })]);
    const documentId = answer.result[0]!.documentId;
    expect(sentJobs.at(-1)?.data).toEqual({ documentId });
    const view = await ok<{ metadata: { status: string } }>(adminClient, "get_document_data", { parserId: parser.id, externalId: "po-7", waitSeconds: 0 });
    expect(view.metadata.status).toBe("processing");
  });

  it("a URL that redirects to a private address is refused and nothing is queued", async () => {
    const parser = await ok<{ id: string }>(adminClient, "create_parser", { name: "Guarded" });
    const jobs = sentJobs.length;
    const result = await call(adminClient, "upload_document_by_url", { parserId: parser.id, urls: [`${fixtures.baseUrl}/to-metadata`] });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Could not download urls\[0\]/);
    expect(sentJobs.length).toBe(jobs);
  });

  it("create_classifier and update_classifier manage routing rules; uploads to it start classification", async () => {
    const invoices = await ok<{ id: string }>(adminClient, "create_parser", { name: "Routed invoices" });
    const receipts = await ok<{ id: string }>(adminClient, "create_parser", { name: "Routed receipts" });
    const created = await ok<{ id: string; settings: { routing: { rules: { id: string; label: string }[] } } }>(adminClient, "create_classifier", {
      name: "Inbox",
      routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }] },
    });
    const [rule] = created.settings.routing.rules;
    const updated = await ok<{ settings: { routing: { rules: { id: string; label: string }[]; fallback: { action: string } } } }>(adminClient, "update_classifier", {
      classifierId: created.id,
      routing: { rules: [rule, { label: "Receipt", targetParserId: receipts.id }], fallback: { action: "route", targetParserId: invoices.id } },
    });
    expect(updated.settings.routing.rules.map((each) => each.label)).toEqual(["Invoice", "Receipt"]);
    expect(updated.settings.routing.rules[0]!.id).toBe(rule!.id);
    expect(updated.settings.routing.fallback.action).toBe("route");
    const listed = await ok<{ data: { id: string }[] }>(adminClient, "list_classifiers", {});
    expect(listed.data.map((classifier) => classifier.id)).toContain(created.id);

    const foreignTarget = await call(globexClient, "create_classifier", { name: "Theirs", routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }] } });
    expect(foreignTarget.isError).toBe(true);
    expect(text(foreignTarget)).toBe(`Invalid routing: routing.rules.0.targetParserId: ${invoices.id} is not an active document parser of this team`);

    const upload = await ok<{ result: { documentId: string }[] }>(adminClient, "upload_document_by_url", { classifierId: created.id, urls: [`${fixtures.baseUrl}/download`] });
    expect(sentJobs.at(-1)?.data).toEqual({ documentId: upload.result[0]!.documentId });
    const folderless = await call(adminClient, "upload_document_by_url", { classifierId: created.id, folderId: randomUUID(), urls: [`${fixtures.baseUrl}/invoice.pdf`] });
    expect(text(folderless)).toContain("folderId: A classifier has no folders");
  });
});

describe("review as the connected user", () => {
  it("only the assignee approves; reset and assign_reviewer (to yourself) follow the REST rules", async () => {
    const world = { handle, admin, alice: reviewer, bob: reviewer, member: admin, globex, close: async () => undefined } satisfies ReviewWorld;
    const parser = await makeParser(handle.db, admin.teamId, `Reviewed ${randomUUID().slice(0, 6)}`);
    await createReviewStage(admin, parser.id, { name: "Check", reviewType: "mandatory", reviewerId: reviewer.actor.userId });
    const { document } = await extractedDocument(world, parser.id, { total: 10 });
    expect(document.status).toBe("in_review");

    const notMine = await call(adminClient, "approve_document", { parserId: parser.id, documentId: document.id });
    expect(notMine.isError).toBe(true);
    expect(text(notMine)).toMatch(/^Only the stage's assignee, Test reviewer \(reviewer-.*\), can approve it$/);

    const approved = await ok<{ status: string; review: { stages: { approvedAt: string | null }[] } }>(reviewerClient, "approve_document", {
      parserId: parser.id,
      documentId: document.id,
    });
    expect(approved.status).toBe("approved");

    const reset = await ok<{ status: string; review: { currentStage: { id: string } } }>(reviewerClient, "reset_document", { parserId: parser.id, documentId: document.id });
    expect(reset.status).toBe("in_review");
    const taken = await ok<{ review: { assignee: { id: string } } }>(adminClient, "assign_reviewer", { parserId: parser.id, documentId: document.id });
    expect(taken.review.assignee.id).toBe(admin.actor.userId);
    const stale = await call(adminClient, "reject_document", { parserId: parser.id, documentId: document.id, stageId: randomUUID() });
    expect(text(stale)).toContain("The review moved on");
    const rejected = await ok<{ status: string }>(adminClient, "reject_document", { parserId: parser.id, documentId: document.id, stageId: reset.review.currentStage.id });
    expect(rejected.status).toBe("rejected");
    expect((await getDocument(admin, parser.id, document.id)).status).toBe("rejected");
  });
});

describe("export download links", () => {
  it("stream the file for a current member, and a bad link is a 404 in the API's error body", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    await createField(admin, parser.id, { name: "Total", type: "number" });
    await addDocument(admin, parser.id, { name: "linked.pdf", data: { Total: 7 } });
    const answer = await ok<{ url: string }>(adminClient, "export_documents", { parserId: parser.id, format: "csv" });
    const response = await exportDownloadResponse(handle.db, answer.url.split("/").at(-1)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const csv = await response.text();
    expect(csv).toContain("linked.pdf");
    expect(csv).toContain("Total");

    const bad = await exportDownloadResponse(handle.db, "not-a-token");
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: true, message: expect.stringContaining("invalid or has expired") });
  });
});
