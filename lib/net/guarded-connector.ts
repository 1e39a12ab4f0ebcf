import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { rootCertificates } from "node:tls";
import { buildConnector } from "undici";
import {
  blockedAddressError,
  blockedNameError,
  classifyAddress,
  classifyName,
  isAllowListed,
  normaliseHost,
  type AllowList,
} from "./address-policy";
import { SafeFetchError } from "./errors";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has. Injected by tests; the OS resolver otherwise. */
export type SafeFetchLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: SafeFetchLookup = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export type GuardOptions = { allow: AllowList; lookup: SafeFetchLookup };
/** Extra trusted certificate authorities (PEM), added to Node's defaults, for a private CA. */
export type ConnectorTls = { ca?: string };

function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : 80;
}

/**
 * Resolves `hostname` and checks every answer. Returns the addresses that may be connected to, in resolver order.
 * A single refused answer refuses the name: an attacker who controls DNS can mix one public address with a private
 * one and hope we pick the wrong one.
 *
 * Allow-listed host:port pairs skip the private-address check (that is their whole point) but never the metadata
 * check.
 */
export async function resolveChecked(hostname: string, port: number, guard: GuardOptions): Promise<string[]> {
  const host = normaliseHost(hostname);
  const allowed = isAllowListed(guard.allow, host, port);

  if (isIP(host)) {
    const category = classifyAddress(host);
    if (category === "metadata" || (category && !allowed)) throw blockedAddressError(host, category);
    return [host];
  }

  const nameCategory = classifyName(host);
  if (nameCategory === "metadata" || (nameCategory && !allowed)) throw blockedNameError(host, nameCategory);

  let answers: ResolvedAddress[];
  try {
    answers = await guard.lookup(host);
  } catch (error) {
    throw new SafeFetchError("NETWORK", `The host ${host} could not be resolved`, { cause: error });
  }
  if (answers.length === 0) throw new SafeFetchError("NETWORK", `The host ${host} could not be resolved`);
  for (const answer of answers) {
    const category = classifyAddress(answer.address);
    if (category === "metadata" || (category && !allowed)) throw blockedAddressError(answer.address, category, host);
  }
  return answers.map((answer) => answer.address);
}

/**
 * An undici connector that resolves and checks the destination itself and then hands the base connector the checked
 * IP literal, so the address that was checked is the address connected to (Node skips its own lookup for literals).
 * This is what defeats DNS rebinding: a second, different DNS answer cannot arrive between check and connect.
 * TLS still verifies the certificate against the original name, because `servername` stays the URL host.
 */
export function guardedConnector(
  guard: GuardOptions,
  connectTimeoutMs: number,
  tls: ConnectorTls = {},
): buildConnector.connector {
  const base = buildConnector({
    timeout: connectTimeoutMs,
    // `ca` replaces Node's bundle, so a private CA is added to it rather than trusted alone.
    ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}),
  });
  return (options, callback) => {
    const port = Number(options.port) || defaultPort(options.protocol);
    resolveChecked(options.hostname, port, guard).then(
      ([address]) => {
        const name = normaliseHost(options.hostname);
        const servername = options.servername || (isIP(name) ? undefined : name);
        base({ ...options, hostname: address ?? name, servername: servername ?? undefined }, callback);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}
