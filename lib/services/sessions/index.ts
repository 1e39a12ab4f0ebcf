import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, ne } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { authSessions, oauthConnections, oauthRecords } from "@/lib/db/schema";

/**
 * Server-side console sessions. The next-auth JWT alone cannot be taken back: a copied cookie would work until it
 * expires. So each sign-in gets a row here, the JWT carries its random id, and a session is good only while the row
 * exists: sign-out deletes it. Checking costs one primary-key lookup per session read.
 */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** How stale `lastSeenAt` may get before a read refreshes it: one write per hour of use at most. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** A session's key in the table (SHA-256 of its id): what a console token names, never usable as the session. */
export function sessionKey(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/** Starts a session for a user who just signed in; returns the id to carry in the JWT. */
export async function startSession(db: DbOrTx, userId: string): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  const idleSince = new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000);
  // Opportunistic clean-up of sessions nobody used within their lifetime (their cookies have expired too).
  await db.delete(authSessions).where(lt(authSessions.lastSeenAt, idleSince));
  await db.insert(authSessions).values({ id: sessionKey(sessionId), userId });
  return sessionId;
}

/** Whether the session still stands for this user: not signed out, not idle past its lifetime. */
export async function isSessionActive(db: DbOrTx, input: { sessionId: string; userId: string }): Promise<boolean> {
  const key = sessionKey(input.sessionId);
  const idleSince = new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000);
  const [row] = await db
    .select({ lastSeenAt: authSessions.lastSeenAt })
    .from(authSessions)
    .where(and(eq(authSessions.id, key), eq(authSessions.userId, input.userId), gt(authSessions.lastSeenAt, idleSince)))
    .limit(1);
  if (!row) return false;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(authSessions).set({ lastSeenAt: new Date() }).where(eq(authSessions.id, key));
  }
  return true;
}

/** Ends one session (sign-out). Ending one that is already gone is fine. */
export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionKey(sessionId)));
}

/** Ends every session of a user, e.g. when their account's access must stop everywhere at once. */
export async function endUserSessions(db: DbOrTx, userId: string): Promise<number> {
  const ended = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return ended.length;
}

/**
 * Whether the session a console token was minted in still stands: a token dies with its session at sign-out or
 * when every session of the person is ended, not 5 minutes later. Read-only (the cookie's reads keep it fresh).
 */
export async function isSessionKeyActive(db: DbOrTx, input: { sessionKey: string; userId: string }): Promise<boolean> {
  const idleSince = new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000);
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, input.sessionKey), eq(authSessions.userId, input.userId), gt(authSessions.lastSeenAt, idleSince)))
    .limit(1);
  return Boolean(row);
}

/**
 * Ends every way a person is signed in, after their password changed hands (an admin's reset) or was changed by
 * them: every console session but `keepSessionKey` (the one that changed it), and every agent connection with its
 * grant, access and refresh tokens. A token copied by whoever knew the old password is worth nothing afterwards.
 */
export async function endEverySignIn(db: DbOrTx, { userId, keepSessionKey }: { userId: string; keepSessionKey?: string | null }): Promise<{ sessions: number; connections: number }> {
  const sessions = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), keepSessionKey ? ne(authSessions.id, keepSessionKey) : undefined))
    .returning({ id: authSessions.id });
  const connections = await db
    .update(oauthConnections)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthConnections.userId, userId), isNull(oauthConnections.revokedAt)))
    .returning({ grantId: oauthConnections.grantId });
  // Grants of connections revoked earlier went with them; these are the live ones.
  if (connections.length > 0) await db.delete(oauthRecords).where(inArray(oauthRecords.grantId, connections.map((connection) => connection.grantId)));
  return { sessions: sessions.length, connections: connections.length };
}
