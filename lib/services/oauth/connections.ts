import "server-only";
import { and, desc, eq, exists, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Connection } from "@/lib/contracts/connections";
import type { Db } from "@/lib/db/client";
import { oauthConnections, oauthRecords, teams } from "@/lib/db/schema";
import { forbidden, notFound } from "@/lib/services/errors";
import { recordAudit, type ServiceContext } from "../context";
import { mustChangePassword } from "../account";
import { memberContext } from "../teams";

export type NewConnection = { grantId: string; clientId: string; clientName: string; userId: string; teamId: string; scope: string };

/**
 * Written when the user approves an agent on the consent page. The user must belong to the team they chose;
 * the caller (the consent action) has already checked the session.
 */
export async function recordConnection(db: Db, input: NewConnection): Promise<string> {
  const ctx = await memberContext(db, { userId: input.userId, teamId: input.teamId, via: "oauth" });
  if (!ctx) throw notFound({ type: "team", value: input.teamId });
  if (await mustChangePassword(db, input.userId)) throw forbidden("Choose your own password first: an admin set your password.");
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(oauthConnections).values(input).returning({ id: oauthConnections.id });
    if (!row) throw new Error("connection insert returned no row");
    await recordAudit(tx, { ctx, action: "connection.create", resourceType: "connection", resourceId: row.id, after: { clientId: input.clientId, clientName: input.clientName, scope: input.scope } });
    return row.id;
  });
}

/**
 * A connection whose grant is still on file and unexpired. A grant goes when its 30 days run out, or when the
 * authorization server revokes it (a reused refresh token): the connection is dead then although nobody revoked it.
 */
const grantIsLive = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(oauthRecords)
      .where(
        and(
          eq(oauthRecords.model, "Grant"),
          eq(oauthRecords.grantId, oauthConnections.grantId),
          or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, sql`now()`)),
        ),
      ),
  );

/** Whether this connection of this user in this team still stands (not revoked, grant alive): export links die with it. */
export async function connectionIsLive(db: Db, input: { connectionId: string; userId: string; teamId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: oauthConnections.id })
    .from(oauthConnections)
    .where(
      and(
        eq(oauthConnections.id, input.connectionId),
        eq(oauthConnections.userId, input.userId),
        eq(oauthConnections.teamId, input.teamId),
        isNull(oauthConnections.revokedAt),
        grantIsLive(db),
      ),
    );
  return Boolean(row);
}

/** The user's own live connections in the calling team: revoked and dead ones (grant gone) are left out. */
export async function listConnections(ctx: ServiceContext): Promise<Connection[]> {
  const rows = await ctx.db
    .select({ connection: oauthConnections, team: { id: teams.id, name: teams.name } })
    .from(oauthConnections)
    .innerJoin(teams, eq(teams.id, oauthConnections.teamId))
    .where(and(eq(oauthConnections.teamId, ctx.teamId), eq(oauthConnections.userId, ctx.actor.userId), isNull(oauthConnections.revokedAt), grantIsLive(ctx.db)))
    .orderBy(desc(oauthConnections.createdAt));
  return rows.map(({ connection, team }) => ({
    id: connection.id,
    clientId: connection.clientId,
    clientName: connection.clientName,
    team,
    scope: connection.scope,
    createdAt: connection.createdAt.toISOString(),
    lastUsedAt: connection.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Marks the connection revoked and deletes every code and token of its grant, in one transaction. */
export async function revokeConnection(ctx: ServiceContext, connectionId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(oauthConnections)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(oauthConnections.id, connectionId),
          eq(oauthConnections.teamId, ctx.teamId),
          eq(oauthConnections.userId, ctx.actor.userId),
          isNull(oauthConnections.revokedAt),
        ),
      )
      .returning();
    if (!row) throw notFound({ type: "connection", value: connectionId });
    await tx.delete(oauthRecords).where(eq(oauthRecords.grantId, row.grantId));
    await recordAudit(tx, { ctx, action: "connection.revoke", resourceType: "connection", resourceId: row.id, before: { clientId: row.clientId, clientName: row.clientName } });
  });
}

/**
 * Who an MCP access token acts as: the connection behind its grant, if it is live, its user still belongs to the
 * team and has not been given a password by an admin that they have yet to replace (the console's "choose your own
 * password first" holds for agents too). Records the use at most once a minute per connection.
 */
export async function contextForGrant(db: Db, grantId: string): Promise<{ ctx: ServiceContext; connectionId: string } | null> {
  const [row] = await db.select().from(oauthConnections).where(and(eq(oauthConnections.grantId, grantId), isNull(oauthConnections.revokedAt)));
  if (!row) return null;
  const ctx = await memberContext(db, { userId: row.userId, teamId: row.teamId, via: "oauth" });
  if (!ctx || (await mustChangePassword(db, row.userId))) return null;
  await db
    .update(oauthConnections)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(oauthConnections.id, row.id), or(isNull(oauthConnections.lastUsedAt), lt(oauthConnections.lastUsedAt, sql`now() - interval '1 minute'`))));
  return { ctx, connectionId: row.id };
}
