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
  const path = new URL(request.url).pathname;
  if (request.method === "POST" && isRegistration(path)) {
    const limited = await registrationLimited(request);
    if (limited) return limited;
  }
  return forwardToAuthorizationServer(request, path);
}

export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as OPTIONS };
