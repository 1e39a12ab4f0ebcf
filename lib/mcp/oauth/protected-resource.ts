import "server-only";
import { metadataCorsOptionsRequestHandler, protectedResourceHandler } from "mcp-handler";
import { issuerUrl, mcpResourceUrl } from "./provider";

/**
 * Protected resource metadata (RFC 9728) for /mcp, served both at the path-aware address
 * (/.well-known/oauth-protected-resource/mcp) and at the root one, which older clients try.
 */
export function protectedResourceMetadata(request: Request): Response {
  return protectedResourceHandler({ authServerUrls: [issuerUrl()], resourceUrl: mcpResourceUrl() })(request);
}

export const protectedResourceOptions = metadataCorsOptionsRequestHandler();
