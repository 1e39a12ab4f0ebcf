import { NextResponse, type NextRequest } from "next/server";
import { env, separateFilesOrigin } from "@/lib/env";
import { malformedPathResponse } from "@/lib/http/path-encoding";
import { newNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Runs before Next.js routes a request, for two things:
 * - a path with a percent-encoding no decoder accepts would otherwise be a bare 500 from Next's own parameter
 *   decoding (lib/http/path-encoding.ts): it is the spec's 400 here;
 * - every console page (the OAuth consent page included) gets a Content-Security-Policy with a fresh nonce. Next.js
 *   reads the policy from the request headers while rendering and puts the nonce on its scripts, so only the
 *   scripts it emitted run.
 * Not the security boundary for anything else: authorization stays in the API.
 */
export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const malformed = malformedPathResponse(pathname);
  if (malformed) return malformed;
  if (!isPage(pathname) || isPrefetch(request)) return NextResponse.next();

  const policy = pagePolicy();
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
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
  // Every path but the build's static assets, which Next serves before any route decoding.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
