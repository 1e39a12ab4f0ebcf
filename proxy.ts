import { NextResponse, type NextRequest } from "next/server";
import { env, separateFilesOrigin } from "@/lib/env";
import { allowedMethods, methodNotAllowedResponse } from "@/lib/http/allowed-methods";
import { corsHeaders, corsPolicyFor, preflightResponse } from "@/lib/http/cors";
import { malformedPathResponse } from "@/lib/http/path-encoding";
import { newNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Runs before Next.js routes a request, for these things:
 * - a path with a percent-encoding no decoder accepts would otherwise be a bare 500 from Next's own parameter
 *   decoding (lib/http/path-encoding.ts): it is the spec's 400 here;
 * - OPTIONS (CORS preflights included) on the MCP and OAuth paths is answered here (lib/http/cors.ts); so is OPTIONS
 *   on an /api/v1 path with a percent-encoding, and a method such a path does not have is the spec's error body
 *   with `Allow`, not Next's empty 405 (every other /api/v1 request skips the proxy: see `config` below);
 * - every console page (the OAuth consent page included) gets a Content-Security-Policy with a fresh nonce. Next.js
 *   reads the policy from the request headers while rendering and puts the nonce on its scripts, so only the
 *   scripts it emitted run.
 * Not the security boundary for anything else: authorization stays in the API.
 */
export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const malformed = malformedPathResponse(pathname);
  if (malformed) return malformed;
  const early = answerMethod(request);
  if (early) return early;
  if (!isPage(pathname) || isPrefetch(request)) return NextResponse.next();

  const policy = pagePolicy();
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

const PUBLIC_METHODS: [RegExp, string[]][] = [
  [/^\/mcp\/?$/, ["GET", "POST", "DELETE", "OPTIONS"]],
  [/^\/oauth\/(?:register|token|revoke)\/?$/, ["POST", "OPTIONS"]],
  [/^\/\.well-known\//, ["GET", "HEAD", "OPTIONS"]],
];

/** OPTIONS and unsupported methods, answered before routing; null lets the request through. */
function answerMethod(request: NextRequest): Response | null {
  const { pathname } = request.nextUrl;
  const origin = request.headers.get("origin");
  const policy = corsPolicyFor(pathname, env().corsOrigins);
  const apiMethods = pathname.startsWith("/api/v1/") ? allowedMethods(pathname) : null;
  const allow = apiMethods ?? PUBLIC_METHODS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
  if (!allow) return null;
  if (request.method === "OPTIONS") return preflightResponse({ policy, origin, allow });
  if (apiMethods && !apiMethods.includes(request.method)) return methodNotAllowedResponse(request.method, pathname, apiMethods, corsHeaders(policy, origin));
  return null;
}

/** The API, MCP, stored files and metadata answer with data, not pages: they skip the policy's work. */
const DATA_PATHS = /^\/(?:api\/|mcp(?:\/|$)|\.well-known\/)/;

function isPage(pathname: string): boolean {
  return !DATA_PATHS.test(pathname);
}

/** `next/link` prefetches fetch a route's data, not a document that could run script. */
function isPrefetch(request: NextRequest): boolean {
  return request.headers.has("next-router-prefetch") || request.headers.get("purpose") === "prefetch";
}

function pagePolicy(): string {
  const config = env();
  return pageContentSecurityPolicy({
    nonce: newNonce(),
    filesOrigin: separateFilesOrigin(config),
    https: config.publicBaseUrl.startsWith("https://"),
    development: process.env.NODE_ENV === "development",
  });
}

export const config = {
  // Every path but the build's static assets, which Next serves before any route decoding, and the /api/ paths
  // without a `%`: Next invoking the proxy was ~17 % of an API request's CPU (issue 26), and for those the proxy
  // has nothing to do. /api/v1 route files answer OPTIONS and the methods they lack themselves
  // (lib/http/other-methods.ts); the other /api routes are not pages (no policy) and take no preflight. A path with
  // a `%` still comes here, for the malformed-path 400 only the proxy can give. Next tests the matcher against the
  // raw path and the decoded one and runs the proxy if either matches: `/api/v1/%61` (raw) and `/%61pi/v1` (decoded
  // `/api/v1`, raw not under `api/`) both come here.
  // /mcp is left out as well: Next buffers a body for the proxy and cuts it at 10 MB, which an MCP upload of up to
  // 100 MB (base64 in JSON) passes; app/mcp/route.ts answers its OPTIONS itself.
  matcher: ["/((?!_next/static|_next/image|api/[^%]*$|mcp$).*)"],
};
