// The public surface of lib/net: the one way the server fetches a URL a user gave it.
export { safeFetch, safeFetchStream, safeFetchToFile, SAFE_FETCH_DEFAULTS } from "./safe-fetch";
export type { SafeFetchMethod, SafeFetchOptions, SafeFetchResponse, SafeFetchStreamResponse } from "./safe-fetch";
export { SafeFetchError, isSafeFetchError } from "./errors";
export type { SafeFetchErrorCode } from "./errors";
export { classifyAddress, parseAllowListString } from "./address-policy";
export type { BlockCategory } from "./address-policy";
export type { ResolvedAddress, SafeFetchLookup } from "./guarded-connector";
