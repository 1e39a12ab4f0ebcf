/**
 * lib/net: the one way the server fetches a URL a user gave it.
 *
 *   URL import:  `const file = await safeFetch(url)` (or `safeFetchToFile(url, path)` for large files)
 *   Webhooks:    `await safeFetch(endpoint, { method: "POST", headers, body, maxRedirects: 0, timeoutMs: 15_000 })`
 *   OAuth client metadata: `await safeFetch(clientId, { maxBytes: 64 * 1024, timeoutMs: 10_000 })`
 *
 * Failures reject with SafeFetchError; its `code` is for programs and its `message` may be shown to the client
 * as is. Non-2xx answers are not failures: check `status`. SAFE_FETCH_ALLOW (DESIGN §1.1) is the default `allow`.
 */
export { safeFetch, safeFetchStream, safeFetchToFile, SAFE_FETCH_DEFAULTS } from "./safe-fetch";
export type { SafeFetchMethod, SafeFetchOptions, SafeFetchResponse, SafeFetchStreamResponse } from "./safe-fetch";
export { SafeFetchError, isSafeFetchError } from "./errors";
export type { SafeFetchErrorCode } from "./errors";
export { classifyAddress, parseAllowListString } from "./address-policy";
export type { BlockCategory } from "./address-policy";
export type { ResolvedAddress, SafeFetchLookup } from "./guarded-connector";
