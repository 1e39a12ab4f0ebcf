import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { blockedAddressError, blockedNameError, classifyAddress, classifyName, isAllowListed, normaliseHost, parseAllowListString } from "@/lib/net/address-policy";
import { validationError } from "@/lib/services/errors";

/**
 * The early, clear refusal of a webhook target at create and update time: literal private, loopback and metadata
 * addresses and `localhost` / metadata names. Names that resolve to such addresses are refused at delivery by
 * safeFetch, which checks every connection (DNS can change after this check anyway).
 */
export function assertWebhookTarget(raw: string): void {
  const url = new URL(raw);
  if (url.username || url.password) throw refused("A webhook URL cannot carry a user name or password");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (isAllowListed(parseAllowListString(env().SAFE_FETCH_ALLOW), url.hostname, port)) return;
  const host = normaliseHost(url.hostname);
  const named = classifyName(host);
  if (named) throw refused(blockedNameError(host, named).message);
  const category = isIP(host) ? classifyAddress(host) : null;
  if (category) throw refused(blockedAddressError(host, category).message);
}

function refused(message: string) {
  return validationError(message, [{ path: "url", message }]);
}
