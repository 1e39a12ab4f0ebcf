/**
 * Where sign-in may send the browser afterwards: only somewhere on this site. The target is parsed as a URL
 * against our own origin, the way the browser will parse it, and accepted only when the result is on that
 * origin; what comes back is the parsed path + search + hash, never the raw input. Prefix checks on the raw
 * string are not enough: browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example` or
 * `/\evil.example` become `//evil.example`, another site.
 */
export type SafeRedirectOptions = {
  /** Origins that count as this site (PUBLIC_BASE_URL's, the request's); the first resolves relative targets. */
  origins?: string[];
  fallback?: string;
};

/** Any origin resolves a relative path the same way; used when the caller knows none. */
const PLACEHOLDER_ORIGIN = "http://quarry.invalid";
const MAX_LENGTH = 2048;
/** C0 controls, DEL, C1 controls and the backslash: none belongs in a path we hand back, encoded or not. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

/** The value with percent-encoding undone until it stops changing (`%252F` → `%2F` → `/`); null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null; // still changing after four rounds: nobody writes a path like that by accident
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** A path on this site for `value` ("/x?y#z"), or `fallback` when it could lead anywhere else. */
export function safeRedirectPath(value: unknown, options: SafeRedirectOptions = {}): string {
  const fallback = options.fallback ?? "/";
  if (typeof value !== "string" || value === "" || value.length > MAX_LENGTH) return fallback;
  // A path, or an absolute URL on our origin; nothing relative to "here" and no other scheme (`https:evil`).
  if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === null || FORBIDDEN.test(decoded)) return fallback;
  // `//host` and `/%2F/host` are other sites to a browser even when a URL parser keeps them as paths.
  if (/^\/\//.test(decoded.trim())) return fallback;

  const origins = (options.origins ?? []).map(originOf).filter((origin): origin is string => origin !== null);
  const base = origins[0] ?? PLACEHOLDER_ORIGIN;
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return fallback;
  }
  if (parsed.origin !== base && !origins.includes(parsed.origin)) return fallback;
  if (parsed.username || parsed.password) return fallback;

  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // `/.//evil` normalises to `//evil`: the result must itself be a plain path.
  const decodedPath = fullyDecoded(parsed.pathname);
  if (!path.startsWith("/") || decodedPath === null || decodedPath.startsWith("//")) return fallback;
  return path;
}
