import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/secrets/secret";

/**
 * The console calls the REST API as the signed-in person with a short-lived token (not an API key): a JWT
 * for one user and one team, signed with a key derived from AUTH_SECRET. The API re-checks the membership
 * on every call, so a removed member's token stops working at once.
 */
export const CONSOLE_TOKEN_PREFIX = "ct_";
const TTL_SECONDS = 5 * 60;
const AUDIENCE = "quarry-api";

let cachedKey: Uint8Array | undefined;
function signingKey(): Uint8Array {
  cachedKey ??= new Uint8Array(hkdfSync("sha256", authSecret(), "quarry", "console-token-v1", 32));
  return cachedKey;
}

export async function mintConsoleToken(userId: string, teamId: string): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + TTL_SECONDS * 1000);
  const jwt = await new SignJWT({ team: teamId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
  return { token: CONSOLE_TOKEN_PREFIX + jwt, expiresAt };
}

export async function verifyConsoleToken(token: string): Promise<{ userId: string; teamId: string } | null> {
  if (!token.startsWith(CONSOLE_TOKEN_PREFIX)) return null;
  try {
    const { payload } = await jwtVerify(token.slice(CONSOLE_TOKEN_PREFIX.length), signingKey(), { audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.team !== "string") return null;
    return { userId: payload.sub, teamId: payload.team };
  } catch {
    return null;
  }
}
