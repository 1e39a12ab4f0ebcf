import "server-only";

import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Agent, request } from "undici";
import { env } from "@/lib/env";
import { parseAllowList, parseAllowListString, type AllowList } from "./address-policy";
import { limitBody, tooLargeError } from "./body-limits";
import { SafeFetchError } from "./errors";
import { guardedConnector, resolveChecked, systemLookup, type GuardOptions, type SafeFetchLookup } from "./guarded-connector";

/**
 * The one way the server fetches a URL a user gave it (URL import, webhook delivery, OAuth client metadata).
 * Every hop is checked twice: a preflight resolution gives an early, clear refusal, and the connector resolves and
 * checks again and connects to exactly the address it checked, so a DNS answer that changes in between (rebinding)
 * is caught. Redirects are followed by hand so each hop goes through the same rules.
 */

export type SafeFetchMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export type SafeFetchOptions = {
  method?: SafeFetchMethod;
  /** Request headers. Credentials (Authorization, Cookie, …) and Host are refused: safeFetch never sends any. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Largest body accepted, after decompression. Default 100 MB. */
  maxBytes?: number;
  /** Time limit for the whole exchange: every hop, headers and body. Default 5 minutes. */
  timeoutMs?: number;
  /** Time limit for each TCP (and TLS) connect. Default 10 seconds. */
  connectTimeoutMs?: number;
  /** Redirects followed before giving up. Default 5; webhooks pass 0. */
  maxRedirects?: number;
  /** `host:port` entries let through the private-address check. Default: SAFE_FETCH_ALLOW. */
  allow?: readonly string[];
  /** An extra trusted CA (PEM), for an on-premise private CA; the tests use it for their https listener. */
  ca?: string;
  /** Test seam: replaces the OS resolver. Production code never passes it. */
  lookup?: SafeFetchLookup;
};

export type SafeFetchResponse = {
  status: number;
  headers: Headers;
  /** The final URL, after redirects. */
  url: string;
  body: Uint8Array;
};

export type SafeFetchStreamResponse = Omit<SafeFetchResponse, "body"> & {
  /** The body, limits still enforced while it is read; errors are SafeFetchErrors. Read it or destroy it. */
  body: Readable;
};

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 100 * 1024 * 1024,
  timeoutMs: 5 * 60_000,
  connectTimeoutMs: 10_000,
  maxRedirects: 5,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const FORBIDDEN_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "host"]);

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return ms === 60_000 ? "1 minute" : `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return ms === 1000 ? "1 second" : `${ms / 1000} seconds`;
  return `${ms} ms`;
}

/** Scheme and credential rules: everything here is decided before any I/O. */
function checkTarget(target: URL, redirected: boolean): URL {
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    const scheme = target.protocol.replace(/:$/, "");
    const where = redirected ? "The server redirected to a" : "Only http and https URLs can be fetched; this is a";
    throw new SafeFetchError("BLOCKED_SCHEME", `${where} ${scheme}: URL, which is not allowed`);
  }
  if (target.username || target.password) {
    throw new SafeFetchError("INVALID_URL", "URLs with a user name or password are not allowed");
  }
  if (!target.hostname) throw new SafeFetchError("INVALID_URL", "The URL has no host");
  const clean = new URL(target.href);
  clean.hash = ""; // never sent; dropping it keeps `url` in results honest
  return clean;
}

function parseTarget(input: string | URL): URL {
  let target: URL;
  try {
    target = new URL(String(input));
  } catch {
    throw new SafeFetchError("INVALID_URL", "The URL is not valid");
  }
  return checkTarget(target, false);
}

function portOf(target: URL): number {
  return Number(target.port) || (target.protocol === "https:" ? 443 : 80);
}

function requestHeaders(given: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { "user-agent": "Quarry (+safe-fetch)", "accept-encoding": "gzip, deflate, br" };
  for (const [name, value] of Object.entries(given ?? {})) {
    const lower = name.toLowerCase();
    // A programming error, not a user one: credentials would leak across redirects, so they are never sent.
    if (FORBIDDEN_HEADERS.has(lower)) throw new TypeError(`safeFetch does not send the ${name} header`);
    headers[lower] = value;
  }
  return headers;
}

function responseHeaders(raw: Record<string, string | string[] | undefined>, decoded: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    // No cookie jar: cookies are neither kept nor handed to callers that might be tempted to replay them.
    if (name.toLowerCase() === "set-cookie") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (decoded) {
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  return headers;
}

/** Drops a body we will not read. undici reports a destroyed, unread body as an abort error; nobody needs it. */
function discard(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const PREMATURE_END_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE", "UND_ERR_RES_CONTENT_LENGTH_MISMATCH"]);
const TLS_CODES = /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_SSL_|HOSTNAME_MISMATCH)/;

/** Turns whatever went wrong into a SafeFetchError whose message a client may read. */
function toSafeFetchError(error: unknown, host: string, timeout: () => SafeFetchError, aborted: boolean): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (aborted) return timeout();
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const cause = { cause: error };
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return new SafeFetchError("TIMEOUT", `The server ${host} did not accept a connection in time`, cause);
  }
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return timeout();
  if (code === "ECONNREFUSED") return new SafeFetchError("NETWORK", `The server ${host} refused the connection`, cause);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new SafeFetchError("NETWORK", `The host ${host} could not be resolved`, cause);
  }
  if (code === "ENETUNREACH" || code === "EHOSTUNREACH") {
    return new SafeFetchError("NETWORK", `The server ${host} cannot be reached`, cause);
  }
  if (TLS_CODES.test(code)) {
    return new SafeFetchError("NETWORK", `The secure connection to ${host} failed: its certificate is not trusted`, cause);
  }
  if (code.startsWith("Z_") || code.startsWith("ERR_BROTLI") || code === "ERR__ERROR_FORMAT_PADDING_1") {
    return new SafeFetchError("NETWORK", `The response from ${host} could not be decompressed`, cause);
  }
  // UND_ERR_RES_CONTENT_LENGTH_MISMATCH: the server hung up before sending the length it declared.
  if (PREMATURE_END_CODES.has(code)) {
    return new SafeFetchError("NETWORK", `The connection to ${host} closed before the response was complete`, cause);
  }
  return new SafeFetchError("NETWORK", `The request to ${host} failed`, cause);
}

/** Rejects with the abort reason when the signal fires first (DNS lookups cannot be cancelled, only outrun). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A limit that is NaN, negative or fractional is a bug in the caller; failing loudly beats a guard that never trips. */
function limitOption(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new TypeError(`safeFetch: ${name} must be an integer ≥ ${min}`);
  return value;
}

function allowListFor(options: SafeFetchOptions): AllowList {
  return options.allow ? parseAllowList(options.allow) : parseAllowListString(env().SAFE_FETCH_ALLOW);
}

/**
 * Fetches `url` and returns the response with its body as a stream, for writing large downloads to disk without
 * holding them in memory. The time limit keeps running until the body is read to the end or destroyed.
 */
export async function safeFetchStream(url: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchStreamResponse> {
  const maxBytes = limitOption("maxBytes", options.maxBytes, SAFE_FETCH_DEFAULTS.maxBytes, 0);
  const timeoutMs = limitOption("timeoutMs", options.timeoutMs, SAFE_FETCH_DEFAULTS.timeoutMs, 1);
  const maxRedirects = limitOption("maxRedirects", options.maxRedirects, SAFE_FETCH_DEFAULTS.maxRedirects, 0);
  const connectTimeout = limitOption("connectTimeoutMs", options.connectTimeoutMs, SAFE_FETCH_DEFAULTS.connectTimeoutMs, 1);
  const connectTimeoutMs = Math.min(connectTimeout, timeoutMs);

  let current = parseTarget(url);
  let method: SafeFetchMethod = options.method ?? "GET";
  let body = options.body;
  const headers = requestHeaders(options.headers);
  const guard: GuardOptions = { allow: allowListFor(options), lookup: options.lookup ?? systemLookup };

  const timeoutError = () => new SafeFetchError("TIMEOUT", `The download did not finish within ${formatDuration(timeoutMs)}`);
  const controller = new AbortController();
  // One agent per call: its connections were checked under this call's allow-list and die with it.
  const agent = new Agent({ connect: guardedConnector(guard, connectTimeoutMs, { ca: options.ca }) });
  let activeBody: Readable | undefined;
  const timer = setTimeout(() => {
    const error = timeoutError();
    controller.abort(error);
    activeBody?.destroy(error);
  }, timeoutMs);
  let cleanedUp = false;
  const cleanup = () => {
    if (cleanedUp) return;
    cleanedUp = true;
    clearTimeout(timer);
    agent.destroy().catch(() => undefined);
  };
  const fail = (error: unknown): SafeFetchError =>
    toSafeFetchError(error, current.host, timeoutError, controller.signal.aborted);

  try {
    for (let redirects = 0; ; redirects += 1) {
      await raceAbort(resolveChecked(current.hostname, portOf(current), guard), controller.signal);
      const response = await request(current, {
        dispatcher: agent,
        method,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : Buffer.from(body),
        signal: controller.signal,
        // Our own timer covers the whole exchange; undici's idle timers must not cut in first.
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const location = firstHeader(response.headers.location);
      if (REDIRECT_STATUSES.has(response.statusCode) && location) {
        discard(response.body);
        if (redirects >= maxRedirects) {
          throw new SafeFetchError(
            "TOO_MANY_REDIRECTS",
            maxRedirects === 0
              ? "The server answered with a redirect, and redirects are not followed here"
              : `The server redirected more than ${maxRedirects} times`,
          );
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new SafeFetchError("INVALID_URL", "The server redirected to an invalid URL");
        }
        next = checkTarget(next, true);
        if (current.protocol === "https:" && next.protocol === "http:") {
          throw new SafeFetchError("INSECURE_REDIRECT", "The server redirected from https to plain http, which is not allowed");
        }
        // What browsers do: 303 always, and 301/302 after a POST, turn into a GET without the body.
        if ((response.statusCode === 303 && method !== "HEAD") || (response.statusCode <= 302 && method === "POST")) {
          method = "GET";
          body = undefined;
          delete headers["content-type"];
          delete headers["content-length"];
        }
        current = next;
        continue;
      }

      const declared = Number(firstHeader(response.headers["content-length"]));
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(response.body);
        throw tooLargeError(maxBytes);
      }
      const limited = limitBody(response.body, firstHeader(response.headers["content-encoding"]), maxBytes);
      const finalHost = current.host;
      const mapped = Readable.from(
        (async function* () {
          try {
            for await (const chunk of limited.stream) yield chunk as Buffer;
          } catch (error) {
            throw toSafeFetchError(error, finalHost, timeoutError, controller.signal.aborted);
          }
        })(),
        { objectMode: false },
      );
      mapped.once("close", cleanup);
      activeBody = mapped;
      return {
        status: response.statusCode,
        headers: responseHeaders(response.headers, limited.decoded),
        url: current.href,
        body: mapped,
      };
    }
  } catch (error) {
    cleanup();
    throw fail(error);
  }
}

/** Fetches `url` and buffers the whole body (at most `maxBytes`). Rejects only with SafeFetchError (or a TypeError for
 * a forbidden request header, which is a bug in the caller). */
export async function safeFetch(url: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const response = await safeFetchStream(url, options);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  const buffer = Buffer.concat(chunks);
  return { ...response, body: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) };
}

/** Streams `url` into `filePath`; on any failure the partial file is removed. Returns the byte count written. */
export async function safeFetchToFile(
  url: string | URL,
  filePath: string,
  options: SafeFetchOptions = {},
): Promise<Omit<SafeFetchResponse, "body"> & { bytes: number }> {
  const response = await safeFetchStream(url, options);
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response.body, count, createWriteStream(filePath));
  } catch (error) {
    response.body.destroy();
    await rm(filePath, { force: true });
    throw error;
  }
  return { status: response.status, headers: response.headers, url: response.url, bytes };
}
