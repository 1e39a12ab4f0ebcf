import "server-only";
import { createMcpHandler, isJsonContentType, McpServer, type AuthInfo } from "@modelcontextprotocol/server";
import { MCP_MAX_BODY_BYTES, readMcpBody, tooDeepResponse, tooLargeResponse } from "./request-body";

type Handler = (request: Request) => Promise<Response>;

/**
 * The Streamable HTTP endpoint (stateless: any instance answers any request), built on the SDK's handler directly
 * so its body limit is ours: the SDK (and mcp-handler in front of it, which cannot pass the option on) refuses
 * bodies over 4 MB, while `upload_document` takes files of up to 100 MB. The body is read once, here
 * (lib/mcp/request-body.ts: a tool error for an over-limit call, a parse error for JSON nested too deep), and the
 * SDK gets it parsed. `request.auth` is what mcp-handler's `withMcpAuth` verified.
 */
export function streamableMcpHandler(options: { serverInfo: { name: string; version: string }; register: (server: McpServer) => void }): Handler {
  const sdk = createMcpHandler(
    () => {
      const server = new McpServer(options.serverInfo);
      options.register(server);
      return server;
    },
    { legacy: "stateless", maxRequestBodySize: MCP_MAX_BODY_BYTES },
  );
  return async (request) => {
    const authInfo = (request as Request & { auth?: AuthInfo }).auth;
    const auth = authInfo ? { authInfo } : {};
    if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type"))) return sdk.fetch(request, auth);
    const body = await readMcpBody(request);
    if (body.kind === "too-large") return tooLargeResponse(body);
    if (body.kind === "too-deep") return tooDeepResponse();
    if (body.kind === "invalid-json") return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the request body is not valid JSON" } }, { status: 400 });
    return sdk.fetch(request, { ...auth, parsedBody: body.body });
  };
}
