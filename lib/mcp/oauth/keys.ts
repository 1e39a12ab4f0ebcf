import "server-only";
import { createPrivateKey, hkdfSync } from "node:crypto";
import { calculateJwkThumbprint, type JWK } from "jose";
import { authSecret } from "@/lib/secrets/secret";

/**
 * The authorization server's keys, derived from AUTH_SECRET so that every instance of a scale-out deployment
 * (which shares AUTH_SECRET) signs and verifies alike, with nothing extra to store or distribute.
 */
function derive(purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "quarry-oauth", purpose, length));
}

/** Signs oidc-provider's cookies (interaction, session). */
export function cookieKey(): string {
  return derive("cookie signing").toString("base64url");
}

// An Ed25519 private key is its 32-byte seed behind this fixed PKCS #8 header (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** Signs ID tokens when a client asks for `openid`; access tokens are opaque and never signed. */
export async function signingJwk(): Promise<JWK> {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, derive("ed25519 signing key")]), format: "der", type: "pkcs8" });
  const jwk = key.export({ format: "jwk" }) as JWK;
  return { ...jwk, use: "sig", alg: "EdDSA", kid: await calculateJwkThumbprint(jwk) };
}
