import "server-only";
import type { AuthInfo, CallToolResult, McpServer, ServerContext, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Permission } from "@/lib/contracts/permissions";
import { missingPermission, zodValidationError } from "@/lib/services/errors";
import { toAppError } from "@/lib/http/errors";
import type { ServiceContext } from "@/lib/services/context";
import type { ExtractionQueue } from "@/lib/services/documents";

/** Resolves the connected user's team context from the OAuth token the transport validated. */
export type ContextFor = (authInfo: AuthInfo | undefined) => Promise<ServiceContext>;

export type McpDeps = {
  contextFor: ContextFor;
  /** The job queue uploads are sent to; the process runtime's by default, a test's own in tests. */
  queue: () => Promise<ExtractionQueue>;
};

/** `connectionId`: the OAuth connection the call came through (verify-token.ts puts it in the auth info), if any. */
export type ToolCall<I> = { args: I; ctx: ServiceContext; deps: McpDeps; signal: AbortSignal; connectionId?: string };

export type ToolSpec<I extends z.ZodObject, O extends z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: I;
  /** The REST response contract: the result is shaped through it (as the API does) and sent as structuredContent. */
  output?: O;
  /** Checked before anything else, with the REST API's wording; the services check again. */
  permission: Permission;
  annotations: Omit<ToolAnnotations, "title">;
  run: (call: ToolCall<z.output<I>>) => Promise<unknown>;
};

/**
 * Registers one tool whose handler never throws: a service's AppError becomes a tool error with the message the
 * REST API would give, a ZodError one that names the field, anything else a generic error (logged, without the
 * arguments, which may hold URLs with credentials or document data).
 */
export function addTool<I extends z.ZodObject, O extends z.ZodObject>(server: McpServer, deps: McpDeps, spec: ToolSpec<I, O>): void {
  const handler = async (args: unknown, request: ServerContext): Promise<CallToolResult> => {
    let result: unknown;
    try {
      const ctx = await deps.contextFor(request.http?.authInfo);
      if (!ctx.permissions.includes(spec.permission)) throw missingPermission(spec.permission);
      const connectionId = request.http?.authInfo?.extra?.connectionId;
      result = await spec.run({ args: args as z.output<I>, ctx, deps, signal: request.mcpReq.signal, connectionId: typeof connectionId === "string" ? connectionId : undefined });
    } catch (error) {
      return toolError(error, spec.name);
    }
    try {
      return toolResult(spec.output ? spec.output.parse(result) : result);
    } catch (error) {
      // The service answered something its own contract rejects: our bug, not the caller's.
      return toolError(new Error(`response does not match the contract: ${String(error)}`), spec.name);
    }
  };
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      // Widened to the base type: the handler is generic over I, which the SDK's inference cannot see through.
      inputSchema: spec.input as z.ZodObject,
      outputSchema: spec.output && isCompact(spec.output) ? (spec.output as z.ZodObject) : undefined,
      // Tools act inside Quarry only (a closed world, unlike the spec's default) unless a tool says otherwise.
      annotations: { title: spec.title, openWorldHint: false, ...spec.annotations },
    },
    handler,
  );
}

/** Compact JSON text for every client (an agent pays for each token), and the same object as structuredContent. */
export function toolResult(value: unknown): CallToolResult {
  const text = JSON.stringify(value) ?? "null";
  return isRecord(value) ? { content: [{ type: "text", text }], structuredContent: value } : { content: [{ type: "text", text }] };
}

/**
 * The tool list goes into an agent's context on every connection, and a full document's schema alone is about
 * 10 KB. So an output schema is advertised only where it is small; larger results still arrive as
 * structuredContent, shaped by the same contract, and are described in the tool's description.
 */
export const OUTPUT_SCHEMA_BUDGET = 3_000;
const compact = new WeakMap<z.ZodType, boolean>();

function isCompact(schema: z.ZodType): boolean {
  let known = compact.get(schema);
  if (known === undefined) {
    try {
      known = JSON.stringify(z.toJSONSchema(schema, { io: "output" })).length <= OUTPUT_SCHEMA_BUDGET;
    } catch {
      known = false; // not expressible as JSON Schema: results still carry structuredContent
    }
    compact.set(schema, known);
  }
  return known;
}

export function toolError(error: unknown, tool: string): CallToolResult {
  return { content: [{ type: "text", text: errorMessage(error, tool) }], isError: true };
}

/** The REST API's message for the same failure. */
export function errorMessage(error: unknown, where: string): string {
  if (error instanceof z.ZodError) return zodValidationError("arguments", error).message;
  return toAppError(error, (message, detail) => console.error(`[mcp] ${where}: ${message}`, detail)).message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
