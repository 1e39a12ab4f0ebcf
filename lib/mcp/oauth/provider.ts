import "server-only";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { safeFetch } from "@/lib/net";
import { adapterFor } from "./adapter";
import { cookieKey, signingJwk } from "./keys";
import { redirectUrisProblem } from "./redirect-uris";

/**
 * The OAuth 2.1 authorization server for the MCP server, built on oidc-provider (a certified, maintained
 * implementation) rather than written by hand. Quarry-specific choices:
 * - OAuth 2.1: the authorization code flow with PKCE (S256 only: oidc-provider supports no other method) and
 *   refresh tokens, nothing else; no implicit flow and no `id_token` response types, in the metadata or in use;
 * - public clients only, registered dynamically (RFC 7591; redirect URIs https, or http on loopback only, never
 *   with user-info) or identified by a client ID metadata document fetched through the SSRF-safe fetch;
 * - one protected resource, `<PUBLIC_BASE_URL>/mcp` (RFC 8707): tokens for anything else are refused, and
 *   access tokens are opaque, short-lived and bound to it;
 * - refresh tokens rotate on every use; presenting a used one revokes the whole grant;
 * - every authorization goes through the consent page, where the signed-in user picks the one team the agent
 *   works in (lib/mcp/oauth/consent.ts).
 */
export const MCP_SCOPE = "quarry";
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * The issuer and the protected resource follow the public address a client used, when it is one of the configured
 * ones (PUBLIC_BASE_URL, PUBLIC_BASE_URLS): discovery at http://127.0.0.1:3000 names http://127.0.0.1:3000 and
 * its tokens are for http://127.0.0.1:3000/mcp. Each address has its own provider instance (lib/mcp/oauth/server.ts)
 * over the same store, and a token is accepted only at the address it was issued for.
 */
export function issuerUrl(baseUrl: string = env().publicBaseUrl): string {
  return baseUrl;
}

export function mcpResourceUrl(baseUrl: string = env().publicBaseUrl): string {
  return `${baseUrl}/mcp`;
}

/**
 * The resource an authorization request named, when it is one this server protects; without one, that of the
 * address the authorization started at (the interaction's `returnTo` is on it); else PUBLIC_BASE_URL's.
 */
export function knownResourceUrl(requested: unknown, returnTo?: string): string {
  const known = env().publicBaseUrls.map((baseUrl) => mcpResourceUrl(baseUrl));
  if (typeof requested === "string" && known.includes(requested)) return requested;
  const startedAt = returnTo && URL.canParse(returnTo) ? mcpResourceUrl(new URL(returnTo).origin) : undefined;
  return startedAt && known.includes(startedAt) ? startedAt : mcpResourceUrl();
}

export const OAUTH_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  jwks: "/oauth/jwks",
  userinfo: "/oauth/userinfo",
  end_session: "/oauth/logout",
  introspection: "/oauth/introspect",
  pushed_authorization_request: "/oauth/par",
  backchannel_authentication: "/oauth/backchannel",
  code_verification: "/oauth/device",
  device_authorization: "/oauth/device/auth",
  challenge: "/oauth/challenge",
} as const;

export const CONSENT_PATH = "/oauth/consent";

/** Client ID metadata documents are small JSON files on the client's own https site. */
async function fetchClientMetadata(input: string | URL | Request): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const result = await safeFetch(url, { headers: { accept: "application/json" }, maxBytes: 64 * 1024, timeoutMs: 5_000, maxRedirects: 0 });
  return new Response(result.status === 204 || result.status === 304 ? null : Buffer.from(result.body), { status: result.status, headers: result.headers });
}

async function configuration(db: Db, baseUrl: string): Promise<Configuration> {
  return {
    adapter: adapterFor(db),
    clients: [],
    clientAuthMethods: ["none"],
    // Only `code`: the default also offers `id_token`, `code id_token` and `none`, which bring back the implicit grant.
    responseTypes: ["code"],
    // Listing `redirect_uris` here routes every registration (and client ID metadata document) through the
    // validator; an error whose description starts with "redirect_uris" is answered as `invalid_redirect_uri`.
    extraClientMetadata: {
      properties: ["redirect_uris"],
      validator: (_ctx, key, value) => {
        const problem = key === "redirect_uris" ? redirectUrisProblem(value) : null;
        if (problem) throw new errors.InvalidClientMetadata(problem);
      },
    },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: "EdDSA",
    },
    cookies: { keys: [cookieKey()] },
    jwks: { keys: [await signingJwk()] },
    // "quarry" is the MCP resource server's scope (getResourceServerInfo below); it is listed here too because
    // dynamic registration accepts only scopes the server lists, and MCP clients register with the scope the
    // 401 challenge named. The consent step grants it both ways (lib/mcp/oauth/consent.ts).
    scopes: ["openid", "offline_access", MCP_SCOPE],
    claims: { openid: ["sub"] },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpResourceUrl(baseUrl),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== mcpResourceUrl(baseUrl)) throw new errors.InvalidTarget(`unknown resource; this server protects ${mcpResourceUrl(baseUrl)} only`);
          return { scope: MCP_SCOPE, audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS, accessTokenFormat: "opaque" };
        },
      },
    },
    pkce: { required: () => true },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Only the grant the user has just approved counts: every authorization shows the consent page, where the
    // user chooses the team, instead of silently reusing an earlier grant of the same browser session.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}?uid=${encodeURIComponent(interaction.uid)}` },
    routes: OAUTH_ROUTES,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: 10 * 60,
      Session: 24 * 60 * 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
    },
    fetch: fetchClientMetadata,
  };
}

export async function createProvider(db: Db, baseUrl: string = env().publicBaseUrl): Promise<Provider> {
  const provider = new Provider(issuerUrl(baseUrl), await configuration(db, baseUrl));
  // Requests arrive through Next's route handlers (lib/mcp/oauth/server.ts), which pass the public host on.
  provider.proxy = true;
  return provider;
}
