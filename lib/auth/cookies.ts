import "server-only";
import { env } from "@/lib/env";

/** Cookies carry `Secure` whenever people reach the console over https (PUBLIC_BASE_URL). */
export function secureCookies(): boolean {
  return env().publicBaseUrl.startsWith("https://");
}
