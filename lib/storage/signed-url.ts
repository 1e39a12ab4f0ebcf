import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Links to stored files: `/api/files/<token>`, where the token carries the key and an expiry and is signed
 * (HMAC-SHA256, key derived from AUTH_SECRET). Anyone with the link can fetch the file until it expires, which is
 * what a `url` in an API answer is for; nobody can forge one for another key.
 */
export type SignedFile = { key: string; name: string; contentType: string };

function signingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "quarry", "file-url-v1", 32));
}

/** How long a link stays valid at least, and the step its expiry moves by. */
export const FILE_URL_TTL_MS = 60 * 60 * 1000;
export const FILE_URL_WINDOW_MS = 60 * 60 * 1000;

/**
 * A link's expiry: at least FILE_URL_TTL_MS from now, rounded up to the next whole window. Links signed within one
 * window are identical, so an answer that carries them (a document, its data file) keeps its ETag and a conditional
 * GET gets a 304 until the document changes or the hour turns, instead of a new ETag every second.
 */
export function fileUrlExpiry(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + FILE_URL_TTL_MS) / FILE_URL_WINDOW_MS) * FILE_URL_WINDOW_MS);
}

export function signFileToken(secret: string, file: SignedFile, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ k: file.key, n: file.name, t: file.contentType, e: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
  const signature = createHmac("sha256", signingKey(secret)).update(payload).digest("base64url");
  return `${payload}.${signature}`;
}

export function verifyFileToken(secret: string, token: string, now = new Date()): SignedFile | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = createHmac("sha256", signingKey(secret)).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { k: string; n: string; t: string; e: number };
    if (parsed.e * 1000 < now.getTime()) return null;
    return { key: parsed.k, name: parsed.n, contentType: parsed.t };
  } catch {
    return null;
  }
}
