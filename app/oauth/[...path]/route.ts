import { corsPolicyFor, withCors } from "@/lib/http/cors";
import { SUPPORTED_RESPONSE_MODES } from "@/lib/mcp/oauth/discovery";
import { OAUTH_ROUTES } from "@/lib/mcp/oauth/provider";
import { registrationLimited } from "@/lib/mcp/oauth/registration-limit";
import { forwardToAuthorizationServer } from "@/lib/mcp/oauth/server";

/** Compared decoded and case-blind, so `/oauth/%72egister` cannot slip past the limit to the provider's router. */
function isRegistration(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // undecodable: the provider will not route it either
  }
  return decoded.replace(/\/+$/, "").toLowerCase() === OAUTH_ROUTES.registration;
}

/** /oauth/* (authorize, token, register, revoke, jwks…) is served by the authorization server (lib/mcp/oauth). */
async function forward(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const mode = url.searchParams.get("response_mode");
  if (mode !== null && !SUPPORTED_RESPONSE_MODES.includes(mode) && /^\/oauth\/authorize\/?$/i.test(path)) {
    return Response.json({ error: "invalid_request", error_description: `unsupported response_mode; use one of ${SUPPORTED_RESPONSE_MODES.join(", ")}` }, { status: 400 });
  }
  if (request.method === "POST" && isRegistration(path)) {
    const limited = await registrationLimited(request);
    if (limited) return limited;
  }
  const response = await forwardToAuthorizationServer(request, path);
  // Registration, token and revocation serve browser-based MCP clients too (preflights: proxy.ts).
  return withCors(response, corsPolicyFor(path, []), request.headers.get("origin"));
}

export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as OPTIONS };
