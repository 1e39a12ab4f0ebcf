import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/secrets/secret";

/**
 * Webhook signing secrets must be usable to sign, so they cannot be hashed like API keys: they are encrypted at rest
 * with AES-256-GCM under a key derived (HKDF) from AUTH_SECRET. Rotating AUTH_SECRET therefore invalidates stored
 * webhook secrets, like it does sessions. The clear secret is returned once, on create, and never logged.
 */
const VERSION = "v1";
const INFO = "quarry webhook signing secrets v1";

function key(material: string): Buffer {
  return Buffer.from(hkdfSync("sha256", material, "", INFO, 32));
}

/** `whsec_` + base64 of 24 random bytes: the format Standard Webhooks libraries accept as is. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function encryptSecret(secret: string, material: string = authSecret()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(material), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

export function decryptSecret(stored: string, material: string = authSecret()): string {
  const [version, packed] = stored.split(":");
  if (version !== VERSION || !packed) throw new Error("Unknown webhook secret format");
  const bytes = Buffer.from(packed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(material), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
