import "server-only";
import { safeRedirectPath } from "@/lib/utils/safe-redirect";
import { env } from "@/lib/env";

/**
 * next-auth's `redirect` callback: where to go after sign-in or sign-out. Only a path on this site, as
 * lib/utils/safe-redirect.ts parses it, and handed back as that path: the browser resolves it against the
 * origin it is on. (The origin next-auth derives from the request's headers is not always the one people use:
 * behind `next start` it reads `localhost` for a request to 127.0.0.1.)
 */
export function sameSiteRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  return safeRedirectPath(url, { origins: [env().publicBaseUrl, baseUrl] });
}

/** Whether a `callbackUrl` is one sign-in may follow (same test, as a yes/no). */
export function isSafeCallbackUrl(value: string, requestOrigin: string): boolean {
  return safeRedirectPath(value, { origins: [requestOrigin, env().publicBaseUrl], fallback: "" }) !== "";
}
