import "server-only";
import { ResourceTemplate, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type McpServer, type ServerContext } from "@modelcontextprotocol/server";
import type { Permission } from "@/lib/contracts/permissions";
import { UuidSchema } from "@/lib/contracts/common";
import { AppError, missingPermission, notFound } from "@/lib/services/errors";
import type { ServiceContext } from "@/lib/services/context";
import { getDocument, getDocumentMarkdown, locateDocument } from "@/lib/services/documents";
import { listFields } from "@/lib/services/fields";
import { getParser, listParsers } from "@/lib/services/parsers";
import { dataAsMarkdown } from "./data-markdown";
import { errorMessage, type McpDeps } from "./tool";

const SCHEMA_TEMPLATE = "quarry://parsers/{parserId}/schema";
const MARKDOWN_TEMPLATE = "quarry://documents/{documentId}/markdown";

/** Resources an agent can read into its context: a parser's schema, and a document as Markdown. */
export function registerQuarryResources(server: McpServer, deps: McpDeps): void {
  server.registerResource(
    "parser-schema",
    new ResourceTemplate(SCHEMA_TEMPLATE, {
      list: (request) =>
        withContext(deps, request, "parsers.read", async (ctx) => ({
          resources: (await listParsers(ctx)).map((parser) => ({ uri: schemaUri(parser.id), name: `${parser.name} schema`, mimeType: "application/json" })),
        })),
    }),
    {
      title: "Parser schema",
      description: "A parser's fields as JSON (name, type, description, instructions, options, table columns): the shape of its extracted data.",
      mimeType: "application/json",
    },
    (uri, variables, request) =>
      withContext(deps, request, "parsers.read", async (ctx) => {
        const parserId = idFrom(variables.parserId, "parserId");
        const parser = await getParser(ctx, { parserId });
        const fields = await listFields(ctx, parser.id);
        const schema = { parser: { id: parser.id, name: parser.name, description: parser.description }, fields };
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(schema, null, 2) }] };
      }, uri.href),
  );

  server.registerResource(
    "document-markdown",
    new ResourceTemplate(MARKDOWN_TEMPLATE, { list: undefined }),
    {
      title: "Document as Markdown",
      description: "A document's text as Markdown when the parser produces it (markdown parsing on); otherwise its extracted data rendered as Markdown.",
      mimeType: "text/markdown",
    },
    (uri, variables, request) =>
      withContext(deps, request, "documents.read", async (ctx) => {
        const documentId = idFrom(variables.documentId, "documentId");
        const { parserId } = await locateDocument(ctx, documentId);
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: await documentMarkdown(ctx, parserId, documentId) }] };
      }, uri.href),
  );
}

async function documentMarkdown(ctx: ServiceContext, parserId: string, documentId: string): Promise<string> {
  try {
    return await getDocumentMarkdown(ctx, { parserId, documentId });
  } catch (error) {
    const noMarkdown = error instanceof AppError && error.extra.notFound?.some((ref) => ref.type === "markdown");
    if (!noMarkdown) throw error;
  }
  const [document, fields] = await Promise.all([getDocument(ctx, { parserId, documentId }), listFields(ctx, parserId)]);
  return dataAsMarkdown({ name: document.name, status: document.status, fields, data: document.data });
}

function schemaUri(parserId: string): string {
  return SCHEMA_TEMPLATE.replace("{parserId}", parserId);
}

/** A URI's id, checked like a REST path id: one that cannot exist is a resource that does not exist. */
function idFrom(value: string | string[] | undefined, type: "parserId" | "documentId"): string {
  const raw = (Array.isArray(value) ? value[0] : value) ?? "";
  if (!UuidSchema.safeParse(raw).success) throw notFound({ type, value: raw });
  return raw;
}

/**
 * Resolves the caller's context and checks the permission like a tool does. Resources have no error result, so a
 * failure is a protocol error carrying the REST API's message: not found as the SDK's resource-not-found.
 */
async function withContext<T>(deps: McpDeps, request: ServerContext, permission: Permission, read: (ctx: ServiceContext) => Promise<T>, uri = "resources/list"): Promise<T> {
  try {
    const ctx = await deps.contextFor(request.http?.authInfo);
    if (!ctx.permissions.includes(permission)) throw missingPermission(permission);
    return await read(ctx);
  } catch (error) {
    const message = errorMessage(error, `resource ${uri}`);
    if (error instanceof AppError && error.code === "NOT_FOUND") throw new ResourceNotFoundError(uri, message);
    throw new ProtocolError(error instanceof AppError && error.status < 500 ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError, message);
  }
}
