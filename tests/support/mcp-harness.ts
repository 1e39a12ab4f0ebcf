import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Client, InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { McpServer, type AuthInfo } from "@modelcontextprotocol/server";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, type DocumentStatus } from "@/lib/db/schema";
import { unauthorized } from "@/lib/services/errors";
import { registerQuarryMcp } from "@/lib/mcp/server";
import type { ServiceContext } from "@/lib/services/context";
import { documentSearchText } from "@/lib/services/documents";
import { startFixtureServer } from "./fixture-files";

/**
 * The MCP unit tests' world: a PGlite database with Acme (an admin and a reviewer) and Globex (an admin), and an
 * official MCP client per person talking to an McpServer with every Quarry tool over the in-memory transport.
 * Each client presents its own bearer token as the transport's auth info, and `contextFor` resolves it to the
 * member, as the OAuth route does. Uploads reach a loopback file server the SSRF guard is told to allow.
 * It lives here, not in lib/mcp, because it writes rows with lib/db, which only tests may import besides services.
 */
export type McpWorld = {
  handle: DatabaseHandle;
  admin: TestActor;
  reviewer: TestActor;
  globex: TestActor;
  adminClient: Client;
  reviewerClient: Client;
  globexClient: Client;
  /** The auth info contextFor was called with, in order. */
  seenAuth: (AuthInfo | undefined)[];
  /** Jobs the uploads sent: the queue itself is not under test here. */
  sentJobs: { name: string; data: { documentId: string } }[];
  fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  connectAs: (actor: TestActor | null) => Promise<Client>;
};

export function mcpWorld(): McpWorld {
  const world = { seenAuth: [], sentJobs: [] } as unknown as McpWorld;
  const tokens = new Map<string, TestActor>();
  const clients: Client[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-mcp-test-"));
  const queue = {
    send: async (name: string, data: { documentId: string }) => {
      world.sentJobs.push({ name, data });
      return `job-${world.sentJobs.length}`;
    },
  };

  async function contextFor(authInfo: AuthInfo | undefined): Promise<ServiceContext> {
    world.seenAuth.push(authInfo);
    const actor = authInfo ? tokens.get(authInfo.token) : undefined;
    if (!actor) throw unauthorized("Sign in again: this connection's access token is missing or expired");
    return { ...actor, actor: { ...actor.actor, via: "oauth" } };
  }

  world.connectAs = async (actor) => {
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
  };

  beforeAll(async () => {
    world.fixtures = await startFixtureServer();
    process.env.SAFE_FETCH_ALLOW = world.fixtures.hostPort;
    process.env.DATA_DIR = dataDir;
    process.env.AUTH_SECRET = "mcp-test-secret";
    process.env.PUBLIC_BASE_URL = "https://quarry.test";
    world.handle = await createTestDatabase();
    const acme = await makeTeam(world.handle.db, "Acme");
    world.admin = await makeMember(world.handle.db, acme.id, "admin");
    world.reviewer = await makeMember(world.handle.db, acme.id, "reviewer");
    world.globex = await makeMember(world.handle.db, (await makeTeam(world.handle.db, "Globex")).id, "admin");
    world.adminClient = await world.connectAs(world.admin);
    world.reviewerClient = await world.connectAs(world.reviewer);
    world.globexClient = await world.connectAs(world.globex);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await world.fixtures?.close();
    await world.handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return world;
}

export function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

export function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return client.callTool({ name, arguments: args });
}

/** A tool call that must succeed, its JSON answer parsed. */
export async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  return JSON.parse(text(result)) as T;
}

/** A document row as extraction leaves it (processed unless told otherwise), inserted directly. */
export async function addDocument(world: McpWorld, actor: TestActor, parserId: string, extra: Partial<typeof documents.$inferInsert> = {}) {
  const name = extra.name ?? `doc-${randomUUID().slice(0, 8)}.pdf`;
  const data = extra.data ?? {};
  const [row] = await world.handle.db
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
