import { jsonNestsDeeperThan, JSON_DEPTH_LIMIT } from "@/lib/http/json-depth";

type Handler = (request: Request) => Promise<Response>;

/**
 * The MCP transport parses the body and then walks it (telemetry redaction, the JSON-RPC schema, tool argument
 * schemas), so JSON nested deeper than JSON_DEPTH_LIMIT is refused first, as the transport refuses bad JSON: a 400
 * with a JSON-RPC parse error. It wraps the handler inside the bearer check, so an anonymous caller still gets 401.
 */
export function refuseDeepJson(handler: Handler): Handler {
  return async (request) => {
    if (request.method === "POST" && request.body && jsonNestsDeeperThan(await request.clone().text())) {
      const error = { code: -32700, message: `Parse error: JSON nested deeper than ${JSON_DEPTH_LIMIT} levels of arrays and objects` };
      return Response.json({ jsonrpc: "2.0", error, id: null }, { status: 400 });
    }
    return handler(request);
  };
}
