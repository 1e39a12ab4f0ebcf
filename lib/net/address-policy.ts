import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { SafeFetchError } from "./errors";

/**
 * Which destinations a user-supplied URL may reach. Range classification is ipaddr.js's (a kept library) rather than
 * our own bit masks; this file only decides which of its ranges are acceptable and words the refusal.
 *
 * The rule is an allow-list of ranges, not a deny-list: an IPv4 address must be plain `unicast` and an IPv6 address
 * plain `unicast` (or a translation form whose embedded IPv4 address is itself plain unicast). Anything ipaddr.js
 * knows to be special (loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved,
 * documentation, benchmarking, unique-local, IPv4-mapped, …) is refused, so a range we forgot to name is refused too.
 */

/** Cloud instance-metadata services. Refused even when SAFE_FETCH_ALLOW lists them: nothing legitimate needs them. */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, DigitalOcean, …
  "fd00:ec2::254", // AWS IMDS over IPv6
  "100.100.100.200", // Alibaba Cloud
  "168.63.129.16", // Azure WireServer: a public address, so only this list stops it
]);
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata"]);

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated); ipaddr.js calls these unicast, but some stacks route them to IPv4. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
/** Local-use NAT64 prefix (RFC 8215): where the IPv4 address sits depends on the site, so it cannot be checked. */
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");

export type BlockCategory =
  | "loopback"
  | "private"
  | "link-local"
  | "carrier-grade-nat"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "reserved"
  | "ipv4-mapped"
  | "embedded-ipv4"
  | "metadata";

const CATEGORY_TEXT: Record<BlockCategory, string> = {
  loopback: "the local machine",
  private: "a private network",
  "link-local": "a link-local address",
  "carrier-grade-nat": "a carrier-grade NAT network",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved or special-purpose address",
  "ipv4-mapped": "an IPv4-mapped IPv6 address",
  "embedded-ipv4": "an IPv6 address that embeds a non-public IPv4 address",
  metadata: "a cloud metadata service",
};

function v4Category(address: ipaddr.IPv4): BlockCategory | null {
  switch (address.range()) {
    case "unicast":
      return null;
    case "loopback":
      return "loopback";
    case "private":
      return "private";
    case "linkLocal":
      return "link-local";
    case "carrierGradeNat":
      return "carrier-grade-nat";
    case "multicast":
      return "multicast";
    case "unspecified":
      return "unspecified";
    case "broadcast":
      return "broadcast";
    default:
      return "reserved";
  }
}

function v4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function v6Category(address: ipaddr.IPv6): BlockCategory | null {
  const parts = address.parts;
  const part = (index: number): number => parts[index] ?? 0;
  switch (address.range()) {
    case "unicast":
      return address.match(IPV4_COMPATIBLE) ? "embedded-ipv4" : null;
    case "loopback":
      return "loopback";
    case "uniqueLocal":
      return "private";
    case "linkLocal":
      return "link-local";
    case "multicast":
      return "multicast";
    case "unspecified":
      return "unspecified";
    case "ipv4Mapped":
      // Refused whatever the IPv4 part is: the OS would connect to the IPv4 address, and no DNS answer we accept
      // should ever look like this.
      return "ipv4-mapped";
    case "6to4": {
      // 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD.
      return v4Category(v4FromParts(part(1), part(2))) ? "embedded-ipv4" : null;
    }
    case "teredo": {
      // 2001:0:SSSS:SSSS:…:CCCC:CCCC: the server address in clear, the client address with every bit inverted.
      const server = v4FromParts(part(2), part(3));
      const client = v4FromParts(~part(6) & 0xffff, ~part(7) & 0xffff);
      return v4Category(server) || v4Category(client) ? "embedded-ipv4" : null;
    }
    case "rfc6052": {
      if (address.match(LOCAL_NAT64)) return "embedded-ipv4";
      // 64:ff9b::/96 (well-known NAT64): the last 32 bits are the IPv4 destination.
      return v4Category(v4FromParts(part(6), part(7))) ? "embedded-ipv4" : null;
    }
    default:
      return "reserved";
  }
}

/** Why a literal IP address may not be reached, or null when it may. `ip` is canonical (from the URL parser or DNS). */
export function classifyAddress(ip: string): BlockCategory | null {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (!isIP(bare)) return "reserved";
  const parsed = ipaddr.parse(bare);
  const canonical = parsed.kind() === "ipv6" ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
  if (METADATA_ADDRESSES.has(canonical)) return "metadata";
  return parsed.kind() === "ipv4" ? v4Category(parsed as ipaddr.IPv4) : v6Category(parsed as ipaddr.IPv6);
}

export function isMetadataAddress(ip: string): boolean {
  return classifyAddress(ip) === "metadata";
}

export function blockedAddressError(ip: string, category: BlockCategory, host?: string): SafeFetchError {
  const subject = host && host !== ip ? `The host ${host} resolves to` : "The address points to";
  return new SafeFetchError("BLOCKED_ADDRESS", `${subject} ${CATEGORY_TEXT[category]} (${ip}), which is not allowed`);
}

/** Lowercases, drops the brackets of IPv6 literals and the trailing dot of fully-qualified names (`localhost.`). */
export function normaliseHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  while (host.endsWith(".")) host = host.slice(0, -1);
  return host;
}

/**
 * Names refused without asking DNS: `localhost` and its subdomains always mean this machine (RFC 6761), whatever a
 * resolver says, and metadata names are refused by name so the message is clear even where they do not resolve.
 */
export function classifyName(host: string): BlockCategory | null {
  const name = normaliseHost(host);
  if (METADATA_NAMES.has(name)) return "metadata";
  if (name === "localhost" || name.endsWith(".localhost")) return "loopback";
  return null;
}

export function blockedNameError(host: string, category: BlockCategory): SafeFetchError {
  return new SafeFetchError("BLOCKED_ADDRESS", `The host ${normaliseHost(host)} is ${CATEGORY_TEXT[category]}, which is not allowed`);
}

/**
 * SAFE_FETCH_ALLOW entries (`host:port`) in a comparable form. Each entry goes through the WHATWG URL parser, like
 * request URLs do, so `127.1:8080`, `[::1]:8080` and `LOCALHOST.:8080` compare equal to what a request URL yields.
 */
export type AllowList = ReadonlySet<string>;

export function allowKey(hostname: string, port: number): string {
  const host = normaliseHost(hostname);
  return `${host.includes(":") ? `[${host}]` : host}:${port}`;
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const keys = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      throw new Error(`SAFE_FETCH_ALLOW: "${entry}" is not a host:port entry`);
    }
    // An entry without an explicit port would silently mean port 80; demand it so nobody opens more than they meant.
    const explicitPort = /:\d+$/.test(entry);
    if (!explicitPort || url.pathname !== "/" || url.username || url.password || url.search || url.hash) {
      throw new Error(`SAFE_FETCH_ALLOW: "${entry}" is not a host:port entry`);
    }
    keys.add(allowKey(url.hostname, Number(url.port || "80")));
  }
  return keys;
}

export function parseAllowListString(value: string): AllowList {
  return parseAllowList(value.split(","));
}

export function isAllowListed(allow: AllowList, hostname: string, port: number): boolean {
  return allow.has(allowKey(hostname, port));
}
