import { withMcpAuth } from "mcp-handler";
import { env } from "@/lib/env";
import { corsPolicyFor, preflightResponse, withCors } from "@/lib/http/cors";
import { streamableMcpHandler } from "@/lib/mcp/http-handler";
import { MCP_SCOPE } from "@/lib/mcp/oauth/provider";
import { publicBaseUrlOf } from "@/lib/mcp/oauth/server";
import { contextForAuthInfo, verifyMcpAccessToken } from "@/lib/mcp/oauth/verify-token";
import { withUserRateLimit } from "@/lib/mcp/rate-limit";
import { registerQuarryMcp } from "@/lib/mcp/server";
import { VERSION } from "@/lib/runtime";

/**
 * The MCP server (Streamable HTTP, stateless: any instance answers any request). Every request needs an
 * OAuth access token from this deployment's authorization server; a 401 points the client at the protected
 * resource metadata, from which it discovers where to sign the user in. Requests count against the user's
 * rate-limit budget (lib/mcp/rate-limit.ts).
 */
type Handler = (request: Request) => Promise<Response>;
const handlers = new Map<string, Handler>();

/** One per configured public address: a 401's `resource_metadata` points at the address the client used. */
function mcpHandler(baseUrl: string): Handler {
  let handler = handlers.get(baseUrl);
  if (handler) return handler;
  handler = withMcpAuth(
    // Inside the auth check: each request counts against the connected user's budget, as the console's do.
    withUserRateLimit(streamableMcpHandler({ serverInfo: { name: "Quarry", version: VERSION }, register: (server) => registerQuarryMcp(server, contextForAuthInfo) })),
    verifyMcpAccessToken,
    { required: true, requiredScopes: [MCP_SCOPE], resourceUrl: baseUrl, resourceMetadataPath: "/.well-known/oauth-protected-resource/mcp" },
  );
  handlers.set(baseUrl, handler);
  return handler;
}

/** Browser-based MCP clients run on their own origin: every answer is readable cross-origin (tokens, never cookies). */
async function serve(request: Request): Promise<Response> {
  return withCors(await mcpHandler(publicBaseUrlOf(request))(request), { kind: "public" }, request.headers.get("origin"));
}

/**
 * CORS preflights. /mcp skips proxy.ts (which answers OPTIONS for the other public paths): a proxy reads a request's
 * whole body into memory and cuts it at 10 MB, and an MCP upload's body may be ~134 MB, streamed here instead.
 */
export function OPTIONS(request: Request): Response {
  return preflightResponse({ policy: corsPolicyFor("/mcp", env().corsOrigins), origin: request.headers.get("origin"), allow: ["GET", "POST", "DELETE", "OPTIONS"] });
}

export { serve as GET, serve as POST, serve as DELETE };
