import "server-only";
import { metadataCorsOptionsRequestHandler } from "mcp-handler";
import { issuerUrl, MCP_SCOPE, mcpResourceUrl } from "./provider";
import { publicBaseUrlOf } from "./server";

/**
 * Protected resource metadata (RFC 9728) for /mcp, served both at the path-aware address
 * (/.well-known/oauth-protected-resource/mcp) and at the root one, which older clients try. It names the scope
 * to ask for, so clients that follow the MCP authorization spec request exactly it.
 */
export function protectedResourceMetadata(request: Request): Response {
  const baseUrl = publicBaseUrlOf(request);
  const metadata = {
    resource: mcpResourceUrl(baseUrl),
    authorization_servers: [issuerUrl(baseUrl)],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ["header"],
    resource_name: "Quarry",
  };
  return Response.json(metadata, {
    // It differs by Host (PUBLIC_BASE_URLS): caches must keep one copy per host.
    headers: { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, OPTIONS", "access-control-allow-headers": "*", "cache-control": "max-age=3600", vary: "Host" },
  });
}

export const protectedResourceOptions = metadataCorsOptionsRequestHandler();
