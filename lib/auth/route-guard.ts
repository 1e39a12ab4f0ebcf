import "server-only";
import { NextRequest } from "next/server";
import { AppError } from "@/lib/services/errors";
import { errorResponse } from "@/lib/http/errors";
import { isSafeCallbackUrl } from "./redirect";
import { reportingThrottle, throttledMessage } from "./sign-in-throttle";

type AuthHandler = (request: NextRequest) => Promise<Response>;

/** next-auth's callback-URL cookie, plain or with the __Secure- prefix it uses on https. */
const CALLBACK_COOKIE = /^(__Secure-)?authjs\.callback-url$/;

function badRequest(message: string): Response {
  return errorResponse(new AppError("VALIDATION", message));
}

/** The cookie header without callback-URL cookies that point off-site (left by an attacker or an old version). */
function withoutHostileCallbackCookie(header: string, origin: string): string | null {
  let changed = false;
  const kept = header.split(/;\s*/).filter((pair) => {
    const index = pair.indexOf("=");
    const name = index < 0 ? pair : pair.slice(0, index);
    if (!CALLBACK_COOKIE.test(name)) return true;
    let value = pair.slice(index + 1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // undecodable: judged as is, and refused below
    }
    const safe = isSafeCallbackUrl(value, origin);
    changed ||= !safe;
    return safe;
  });
  return changed ? kept.join("; ") : null;
}

/**
 * Wraps next-auth's route handlers so that bad input is a 400, not next-auth's 500 "server configuration"
 * answer: a `callbackUrl` that is not a path on this site (`javascript:alert(1)`, `//evil.example`) is refused
 * before next-auth sees it, and a hostile callback-URL cookie is dropped. A sign-in refused by the throttle
 * over plain HTTP is a 429 with Retry-After.
 */
export function guardAuthRoute(handler: AuthHandler): AuthHandler {
  return async (request) => {
    const url = new URL(request.url);
    const callbackUrl = url.searchParams.get("callbackUrl");
    if (callbackUrl !== null && !isSafeCallbackUrl(callbackUrl, url.origin)) {
      return badRequest("callbackUrl must be a path on this site.");
    }
    let forwarded = request;
    const cookies = withoutHostileCallbackCookie(request.headers.get("cookie") ?? "", url.origin);
    if (cookies !== null) {
      const headers = new Headers(request.headers);
      headers.set("cookie", cookies);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      forwarded = new NextRequest(request.url, { method: request.method, headers, body });
    }
    const { response, retryAfterSeconds } = await reportingThrottle(() => handler(forwarded));
    if (!retryAfterSeconds) return response;
    return errorResponse(new AppError("RATE_LIMITED", throttledMessage(retryAfterSeconds), { headers: { "Retry-After": String(retryAfterSeconds) } }));
  };
}
