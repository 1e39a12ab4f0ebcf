import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { newNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Gives every console page (the consent page included) a Content-Security-Policy with a fresh nonce. Next.js
 * reads the policy from the request headers while rendering and puts the nonce on its scripts, so only the
 * scripts it emitted run. Not the security boundary for anything else: authorization stays in the API.
 */
export function proxy(request: NextRequest): NextResponse {
  const config = env();
  const filesOrigin = config.filesBaseUrl === config.publicBaseUrl ? null : new URL(config.filesBaseUrl).origin;
  const policy = pageContentSecurityPolicy({
    nonce: newNonce(),
    filesOrigin,
    https: config.publicBaseUrl.startsWith("https://"),
    development: process.env.NODE_ENV === "development",
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages (the OAuth consent page and the authorization server's own answers included). The API, MCP, stored
      // files, metadata and static assets answer with data, not pages, and skip this work entirely.
      source: "/((?!api/|mcp|\\.well-known/|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
