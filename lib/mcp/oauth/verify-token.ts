import "server-only";
import { OAuthError, OAuthErrorCode, type AuthInfo } from "@modelcontextprotocol/server";
import { unauthorized } from "@/lib/services/errors";
import { getRuntime } from "@/lib/runtime";
import type { ServiceContext } from "@/lib/services/context";
import { contextForGrant } from "@/lib/services/oauth";
import { mcpResourceUrl } from "./provider";
import { authorizationServer, publicBaseUrlOf } from "./server";

/** What an access token to /mcp stands for, kept with the AuthInfo the MCP handler passes to tools. */
const contexts = new WeakMap<AuthInfo, ServiceContext>();

/**
 * Checks a bearer token on /mcp: an access token this server issued, still live (not expired, not revoked),
 * for this very resource (RFC 8707 audience), whose connection still stands and whose user is still in the
 * team. API keys are not OAuth tokens: they fail here like any unknown string.
 */
export async function verifyMcpAccessToken(request: Request, bearer: string | undefined): Promise<AuthInfo | undefined> {
  // The resource is the address the request came in by (PUBLIC_BASE_URL or one of PUBLIC_BASE_URLS).
  return verifyForResource(mcpResourceUrl(publicBaseUrlOf(request)), bearer);
}

async function verifyForResource(resource: string, bearer: string | undefined): Promise<AuthInfo | undefined> {
  if (!bearer) return undefined;
  const { provider } = await authorizationServer();
  const token = await provider.AccessToken.find(bearer);
  if (!token || token.isExpired) throw new OAuthError(OAuthErrorCode.InvalidToken, "The access token is unknown, expired or revoked.");
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (!audiences.includes(resource)) throw new OAuthError(OAuthErrorCode.InvalidToken, `The access token was not issued for ${resource}.`);
  if (!token.grantId) throw new OAuthError(OAuthErrorCode.InvalidToken, "The access token carries no grant.");
  const { db } = await getRuntime();
  const connection = await contextForGrant(db, token.grantId);
  if (!connection) throw new OAuthError(OAuthErrorCode.InvalidToken, "This connection was revoked or its user left the team.");
  const authInfo: AuthInfo = {
    token: bearer,
    clientId: token.clientId ?? "",
    scopes: (token.scope ?? "").split(" ").filter(Boolean),
    expiresAt: token.exp,
    resource: new URL(resource),
    extra: { connectionId: connection.connectionId, teamId: connection.ctx.teamId, userId: connection.ctx.actor.userId },
  };
  contexts.set(authInfo, connection.ctx);
  return authInfo;
}

/** The service context for a tool call: the connected user, in the team chosen on the consent page. */
export async function contextForAuthInfo(authInfo: AuthInfo | undefined): Promise<ServiceContext> {
  const known = authInfo ? contexts.get(authInfo) : undefined;
  if (known) return known;
  // The MCP library may hand tools a copy of the AuthInfo: check the token again rather than trust its fields.
  // Thrown as the API's 401 so the agent reads it as the tool error.
  if (!authInfo) throw unauthorized("No access token.");
  const verified = await verifyForResource(authInfo.resource?.toString() ?? mcpResourceUrl(), authInfo.token).catch(() => undefined);
  const ctx = verified && contexts.get(verified);
  if (!ctx) throw unauthorized("The access token is unknown, expired or revoked. Connect the agent again.");
  return ctx;
}
