import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/secrets/secret";

/**
 * The console calls the REST API as the signed-in person with a short-lived token (not an API key): a JWT
 * for one user and one team, signed with a key derived from AUTH_SECRET. It names the console session it was
 * minted in (by the session's key, lib/services/sessions), and the API re-checks that session and the membership
 * on every call, so a token stops working at once at sign-out, when its sessions are ended, or on removal.
 */
export const CONSOLE_TOKEN_PREFIX = "ct_";
const TTL_SECONDS = 5 * 60;
const AUDIENCE = "quarry-api";

let cachedKey: Uint8Array | undefined;
function signingKey(): Uint8Array {
  cachedKey ??= new Uint8Array(hkdfSync("sha256", authSecret(), "quarry", "console-token-v1", 32));
  return cachedKey;
}

export type ConsoleTokenClaims = { userId: string; teamId: string; sessionKey: string };

export async function mintConsoleToken({ userId, teamId, sessionKey }: ConsoleTokenClaims): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + TTL_SECONDS * 1000);
  const jwt = await new SignJWT({ team: teamId, sk: sessionKey })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
  return { token: CONSOLE_TOKEN_PREFIX + jwt, expiresAt };
}

export async function verifyConsoleToken(token: string): Promise<ConsoleTokenClaims | null> {
  if (!token.startsWith(CONSOLE_TOKEN_PREFIX)) return null;
  try {
    const { payload } = await jwtVerify(token.slice(CONSOLE_TOKEN_PREFIX.length), signingKey(), { audience: AUDIENCE, algorithms: ["HS256"] });
    // A token without its session (minted before tokens named one) is refused: it could not be ended.
    if (typeof payload.sub !== "string" || typeof payload.team !== "string" || typeof payload.sk !== "string") return null;
    return { userId: payload.sub, teamId: payload.team, sessionKey: payload.sk };
  } catch {
    return null;
  }
}
