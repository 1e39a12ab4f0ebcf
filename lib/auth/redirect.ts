import "server-only";
import { safeRedirectPath } from "@/lib/console/safe-redirect";
import { env } from "@/lib/env";

/**
 * next-auth's `redirect` callback: where to go after sign-in or sign-out. Only a path on this site, as
 * lib/console/safe-redirect.ts parses it, made absolute on the origin the request came to.
 */
export function sameSiteRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  return `${baseUrl}${safeRedirectPath(url, { origins: [baseUrl, env().publicBaseUrl] })}`;
}

/** Whether a `callbackUrl` is one sign-in may follow (same test, as a yes/no). */
export function isSafeCallbackUrl(value: string, requestOrigin: string): boolean {
  return safeRedirectPath(value, { origins: [requestOrigin, env().publicBaseUrl], fallback: "" }) !== "";
}
