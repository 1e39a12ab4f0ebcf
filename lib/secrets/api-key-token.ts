import { createHash, randomBytes } from "node:crypto";
import type { Region } from "@/lib/contracts/enums";

/** API keys: `dx_<region>_<43 url-safe chars>` (256 random bits). Only a SHA-256 and a display prefix are kept. */
const KEY_PATTERN = /^dx_(us|eu)_([A-Za-z0-9_-]{32,})$/;
const PREFIX_LENGTH = 12;

export function generateApiKey(region: Region): { key: string; hash: string; prefix: string } {
  const key = `dx_${region}_${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The region a key was minted in, or null when the value is not shaped like one of our keys. */
export function apiKeyRegion(value: string): Region | null {
  const match = KEY_PATTERN.exec(value);
  return match ? (match[1] as Region) : null;
}
