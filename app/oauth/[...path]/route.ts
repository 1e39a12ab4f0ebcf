import { forwardToAuthorizationServer } from "@/lib/mcp/oauth/server";

/** /oauth/* (authorize, token, register, revoke, jwks…) is served by the authorization server (lib/mcp/oauth). */
async function forward(request: Request): Promise<Response> {
  return forwardToAuthorizationServer(request, new URL(request.url).pathname);
}

export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as OPTIONS };
