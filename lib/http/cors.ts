/**
 * Cross-origin access for browser clients, in two kinds:
 * - /api/v1 is open to the origins in CORS_ORIGINS only (empty by default: a key in a web page is a leaked key, so
 *   a deployment opts in), except its OpenAPI document, which any page may read;
 * - the MCP endpoint, dynamic client registration, the token endpoint and the discovery metadata are open to every
 *   origin: browser-based MCP clients run on their own origin, and these carry bearer tokens, never cookies.
 * Preflights are answered by the /api/v1 route files (lib/http/other-methods.ts) and, for the public paths and
 * /api/v1 paths with a percent-encoding, by proxy.ts before routing; real responses get the headers from their route.
 */
export const API_EXPOSED_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After", "ETag", "Link", "Location", "Content-Disposition", "Content-Range", "Accept-Ranges"];
export const MCP_EXPOSED_HEADERS = ["Mcp-Session-Id", "Mcp-Protocol-Version", "WWW-Authenticate", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"];
const API_ALLOWED_HEADERS = "Authorization, Content-Type, If-None-Match, Range, Accept";
const PUBLIC_ALLOWED_HEADERS = "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID";
const PREFLIGHT_MAX_AGE = "600";

const PUBLIC_PATHS = /^\/(?:mcp\/?$|oauth\/(?:register|token|revoke)\/?$|\.well-known\/)/;
const OPENAPI_PATH = /^\/api\/v1\/openapi\.json\/?$/;
const API_PATHS = /^\/api\/v1(?:\/|$)/;

export type CorsPolicy = { kind: "public" } | { kind: "api"; allowedOrigins: readonly string[] };

/** Which policy covers a path, or null for paths no cross-origin page may call (the console, stored files, auth). */
export function corsPolicyFor(pathname: string, allowedOrigins: readonly string[]): CorsPolicy | null {
  if (PUBLIC_PATHS.test(pathname) || OPENAPI_PATH.test(pathname)) return { kind: "public" };
  if (API_PATHS.test(pathname)) return { kind: "api", allowedOrigins };
  return null;
}

/** The headers that let `origin` read the response, or none when the policy does not admit it. */
export function corsHeaders(policy: CorsPolicy | null, origin: string | null): Record<string, string> {
  if (!policy || !origin) return {};
  if (policy.kind === "public") return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": MCP_EXPOSED_HEADERS.concat(API_EXPOSED_HEADERS).join(", ") };
  const admitted = policy.allowedOrigins.includes("*") || policy.allowedOrigins.includes(origin);
  if (!admitted) return { Vary: "Origin" };
  return { "Access-Control-Allow-Origin": origin, Vary: "Origin", "Access-Control-Expose-Headers": API_EXPOSED_HEADERS.join(", ") };
}

/** The answer to a preflight (OPTIONS with Access-Control-Request-Method) or a plain OPTIONS: 204 with `Allow`. */
export function preflightResponse(options: { policy: CorsPolicy | null; origin: string | null; allow: readonly string[] }): Response {
  const headers = new Headers({ Allow: options.allow.join(", ") });
  const cors = corsHeaders(options.policy, options.origin);
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  if (cors["Access-Control-Allow-Origin"]) {
    headers.set("Access-Control-Allow-Methods", options.allow.join(", "));
    headers.set("Access-Control-Allow-Headers", options.policy?.kind === "public" ? PUBLIC_ALLOWED_HEADERS : API_ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE);
  }
  return new Response(null, { status: 204, headers });
}

/** Sets the CORS headers on a response a route built (replacing any the route or an upstream set). */
export function withCors(response: Response, policy: CorsPolicy | null, origin: string | null): Response {
  const cors = Object.entries(corsHeaders(policy, origin));
  if (cors.length === 0) return response;
  try {
    for (const [name, value] of cors) response.headers.set(name, value);
    return response;
  } catch {
    // a fetched response's headers are immutable: copy it
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    for (const [name, value] of cors) copy.headers.set(name, value);
    return copy;
  }
}
