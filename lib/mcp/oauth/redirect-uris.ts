/**
 * OAuth 2.1 (§2.3.1 and §8.4.2 of the draft) on registered redirect URIs, beyond what oidc-provider checks:
 * plain http only to the user's own machine (a loopback address, where a native agent listens), never to the
 * network where the code could be read on the way; and no user-info (`https://user:pass@host/cb`), which
 * hides the real host from whoever reads the URI. Returns why a URI is refused, or null.
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export function redirectUriProblem(uri: string): string | null {
  const parsed = URL.parse(uri);
  if (!parsed) return null; // not a URI at all: oidc-provider's own check says so
  if (parsed.username || parsed.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(uri)) {
    return "redirect_uris must not contain user information (user:password@)";
  }
  if (parsed.protocol === "http:" && !LOOPBACK_HOSTS.has(parsed.hostname)) {
    return "redirect_uris must use https, or http only on a loopback address (127.0.0.1, [::1], localhost)";
  }
  return null;
}

/** The first problem among a client's redirect URIs, if any. */
export function redirectUrisProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (const uri of value) {
    const problem = typeof uri === "string" ? redirectUriProblem(uri) : null;
    if (problem) return problem;
  }
  return null;
}
