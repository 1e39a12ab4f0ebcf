import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { oauthRecords } from "@/lib/db/schema";

/**
 * The storage behind the OAuth authorization server (lib/mcp/oauth/adapter.ts): one row per oidc-provider
 * model instance. The id of a token, code or session is the secret a caller presents, so only its SHA-256
 * is stored and `jti` is dropped from the payload; `find` hands the id back in.
 */
export type OAuthPayload = Record<string, unknown> & { grantId?: string; uid?: string; jti?: string; consumed?: number };

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

function withoutJti(payload: OAuthPayload): OAuthPayload {
  const { jti: _jti, ...rest } = payload;
  return rest;
}

export async function upsertOAuthRecord(db: Db, { model, id, payload, expiresInSeconds }: { model: string; id: string; payload: OAuthPayload; expiresInSeconds: number | undefined }): Promise<void> {
  const values = {
    model,
    idHash: hashId(id),
    payload: withoutJti(payload),
    // A grant is revoked together with what was issued under it.
    grantId: model === "Grant" ? id : typeof payload.grantId === "string" ? payload.grantId : null,
    uid: typeof payload.uid === "string" ? payload.uid : null,
    expiresAt: expiresInSeconds ? new Date(Date.now() + expiresInSeconds * 1000) : null,
  };
  await db
    .insert(oauthRecords)
    .values(values)
    .onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.idHash], set: { payload: values.payload, grantId: values.grantId, uid: values.uid, expiresAt: values.expiresAt } });
  // Expired rows are useless; sweep a few now and then instead of running a separate job.
  if (Math.random() < 0.02) await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, sql`now() - interval '1 day'`));
}

type Row = typeof oauthRecords.$inferSelect;

function toPayload(row: Row | undefined, id: string): OAuthPayload | undefined {
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload: OAuthPayload = { ...row.payload, jti: id };
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

export async function findOAuthRecord(db: Db, { model, id }: { model: string; id: string }): Promise<OAuthPayload | undefined> {
  const [row] = await db
    .select()
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, model), eq(oauthRecords.idHash, hashId(id))));
  return toPayload(row, id);
}

/** Sessions and interactions are also found by their uid, which is not a secret (the session id is). */
export async function findOAuthRecordByUid(db: Db, { model, uid }: { model: string; uid: string }): Promise<OAuthPayload | undefined> {
  const [row] = await db
    .select()
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, model), eq(oauthRecords.uid, uid)));
  // The session's own id is known only as a hash here. oidc-provider looks sessions up by uid only to check
  // a token's or an interaction's session binding (it never saves what it found), so a throwaway id serves;
  // handing out the hash instead would let a database dump be replayed as a session id.
  return toPayload(row, randomUUID());
}

export async function consumeOAuthRecord(db: Db, { model, id }: { model: string; id: string }): Promise<void> {
  await db
    .update(oauthRecords)
    .set({ consumedAt: new Date() })
    .where(and(eq(oauthRecords.model, model), eq(oauthRecords.idHash, hashId(id))));
}

export async function destroyOAuthRecord(db: Db, { model, id }: { model: string; id: string }): Promise<void> {
  await db.delete(oauthRecords).where(and(eq(oauthRecords.model, model), eq(oauthRecords.idHash, hashId(id))));
}

/** Every code and token issued under a grant, whatever its model: what revoking a connection removes. */
export async function revokeOAuthGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oauthRecords).where(eq(oauthRecords.grantId, grantId));
}
