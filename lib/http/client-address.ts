import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * The address a request came from, for throttles keyed by client address (sign-in, client registration).
 *
 * Next's route handlers do not expose the TCP peer, and Next fills in `X-Forwarded-For` with it only when the
 * client sent none, so that header alone is whatever the client wants it to be. At boot (instrumentation.ts)
 * the server therefore stamps every incoming request with its socket's address in PEER_ADDRESS_HEADER,
 * overwriting anything a client sent under that name.
 *
 * TRUST_PROXY=N (default 0) says N reverse proxies stand in front, each appending the address it saw to
 * X-Forwarded-For: then the address the outermost proxy saw, N entries from the right, is the client's.
 * With 0, X-Forwarded-For is ignored and the socket address is used (all clients behind an undeclared proxy
 * share the proxy's address: safe, but coarse). Without the stamp (a server started some other way) the
 * first X-Forwarded-For entry is the last resort.
 */
export const PEER_ADDRESS_HEADER = "x-quarry-peer-address";

/**
 * The stamp is `<per-process secret> <address>`: a header of that name that this process did not write (a
 * client's, or one passed through where the HTTP server runs in another process, as `next dev` may do) never
 * matches the secret and is ignored.
 */
type StampGlobal = { __quarryPeerAddressStamp?: string };
const stampGlobal = globalThis as StampGlobal;

export function installPeerAddressStamp(): void {
  if (stampGlobal.__quarryPeerAddressStamp) return;
  const secret = randomBytes(16).toString("hex");
  const original = http.Server.prototype.emit;
  // An own `emit` on the prototype reaches every http.Server, including the one Next created before this ran.
  http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage | undefined;
      if (request?.headers) request.headers[PEER_ADDRESS_HEADER] = `${secret} ${request.socket?.remoteAddress ?? ""}`;
    }
    return Reflect.apply(original, this, [event, ...args]) as boolean;
  } as typeof original;
  stampGlobal.__quarryPeerAddressStamp = secret;
}

/** The stamped socket address, if this process stamped the request; undefined when nothing could be stamped. */
function stampedPeer(headers: Headers, secret: string | undefined): string | null | undefined {
  if (!secret) return undefined;
  const [presented, address] = (headers.get(PEER_ADDRESS_HEADER) ?? "").split(" ");
  return presented === secret ? normaliseAddress(address) : null;
}

/** A plain IPv4/IPv6 literal, with IPv4-mapped IPv6 unwrapped; null for anything else. */
export function normaliseAddress(value: string | undefined | null): string | null {
  const trimmed = (value ?? "").trim().toLowerCase().replace(/^\[|\]$/g, "");
  if (!trimmed || trimmed.length > 45 || !/^[0-9a-f:.]+$/.test(trimmed) || !/[.:]/.test(trimmed)) return null;
  return trimmed.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}

export type ClientAddressOptions = { trustedProxies: number; /** Test seam: the stamp secret (default: this process's). */ stampSecret?: string };

export function clientAddress(headers: Headers, options: ClientAddressOptions): string | null {
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  if (options.trustedProxies > 0 && forwarded.length > 0) {
    return normaliseAddress(forwarded[Math.max(0, forwarded.length - options.trustedProxies)]);
  }
  const peer = stampedPeer(headers, options.stampSecret ?? stampGlobal.__quarryPeerAddressStamp);
  if (peer !== undefined) return peer;
  return normaliseAddress(forwarded[0]);
}
