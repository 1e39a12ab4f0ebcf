import "server-only";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { generateApiKey, hashApiKey } from "@/lib/secrets/api-key-token";
import { effectivePermissions, type Permission } from "@/lib/contracts/permissions";
import type { ApiKey, CreateApiKey, CreatedApiKey } from "@/lib/contracts/api-keys";
import type { Db } from "@/lib/db/client";
import { apiKeys, memberships, teams, users } from "@/lib/db/schema";
import type { Region, Role } from "@/lib/contracts/enums";
import { forbidden, notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { apiKeysChanged, cachedKeyLookup } from "./cache";

export { apiKeysChanged, stopWatchingApiKeyChanges, watchApiKeyChanges } from "./cache";

export async function createApiKey(ctx: ServiceContext, input: CreateApiKey): Promise<CreatedApiKey> {
  assertPermission(ctx, "apiKeys.write");
  // A key never carries more than the caller has: neither more than the creator's role nor, when a key
  // creates a key, more than that key.
  const grantable = effectivePermissions(ctx.role).filter((permission) => ctx.permissions.includes(permission));
  const requested = input.permissions ?? grantable;
  const excess = requested.filter((permission) => !grantable.includes(permission as Permission));
  if (excess.length > 0) throw forbidden(`You cannot grant permissions you do not have: ${excess.join(", ")}`);
  const permissions = [...new Set(requested)];

  const { key, hash, prefix } = generateApiKey(ctx.region);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ teamId: ctx.teamId, createdById: ctx.actor.userId, name: input.name, prefix, keyHash: hash, permissions, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null })
      .returning();
    if (!row) throw new Error("API key insert returned no row");
    await recordAudit(tx, { ctx, action: "apiKey.create", resourceType: "apiKey", resourceId: row.id, after: { name: row.name, prefix, permissions, expiresAt: row.expiresAt?.toISOString() ?? null } });
    return { id: row.id, name: row.name, prefix, permissions, key, createdAt: row.createdAt.toISOString() };
  });
}

/** Admins see every key of the team, revoked and expired ones too (marked so); everyone else the keys they created. */
export async function listApiKeys(ctx: ServiceContext): Promise<ApiKey[]> {
  assertPermission(ctx, "apiKeys.write");
  const rows = await ctx.db
    .select({ key: apiKeys, creator: { id: users.id, name: users.name, email: users.email } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(
      and(
        eq(apiKeys.teamId, ctx.teamId),
        ctx.role === "admin" ? undefined : eq(apiKeys.createdById, ctx.actor.userId),
      ),
    )
    .orderBy(desc(apiKeys.createdAt))
    .limit(500);
  const now = Date.now();
  return rows.map(({ key, creator }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    permissions: key.permissions,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdBy: creator,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    status: key.revokedAt ? ("revoked" as const) : key.expiresAt && key.expiresAt.getTime() <= now ? ("expired" as const) : ("active" as const),
  }));
}

export async function revokeApiKey(ctx: ServiceContext, keyId: string): Promise<void> {
  assertPermission(ctx, "apiKeys.write");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedById: ctx.actor.userId })
      .where(
        and(
          eq(apiKeys.id, keyId),
          eq(apiKeys.teamId, ctx.teamId),
          isNull(apiKeys.revokedAt),
          ctx.role === "admin" ? undefined : eq(apiKeys.createdById, ctx.actor.userId),
        ),
      )
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!row) throw notFound({ type: "keyId", value: keyId, label: "API key" });
    await recordAudit(tx, { ctx, action: "apiKey.revoke", resourceType: "apiKey", resourceId: row.id, before: { name: row.name } });
  });
  await apiKeysChanged(ctx.db);
}

export type AuthenticatedKey = {
  keyId: string;
  teamId: string;
  region: Region;
  userId: string;
  role: Role;
  permissions: Permission[];
};

type ResolvedKey = { key: AuthenticatedKey; expiresAt: Date | null; /** Epoch ms, as last written by this process or read. */ lastUsedAt: number | null };

/**
 * Resolves a presented key to its team and rights. Revoked keys, and keys whose creator has left the
 * team, resolve to nothing; a key past its expiry to when it expired (the caller is told so, not just "invalid").
 * The effective rights are the key's, cut down to the creator's current role. A hot key is answered from the
 * process's cache (cache.ts), which every revocation and role change empties across processes.
 */
export async function authenticateApiKey(db: Db, key: string): Promise<AuthenticatedKey | { expiredAt: Date } | null> {
  const hash = hashApiKey(key);
  const resolved = await cachedKeyLookup({ hash, load: () => resolveKey(db, hash), storable: (found) => found !== null });
  if (!resolved) return null;
  if (resolved.expiresAt && resolved.expiresAt.getTime() <= Date.now()) return { expiredAt: resolved.expiresAt };
  // Recording use at most once a minute keeps a hot key from turning every read into a write; the guard in
  // the WHERE clause keeps concurrent requests (and other processes) from writing it twice.
  if (!resolved.lastUsedAt || Date.now() - resolved.lastUsedAt > 60_000) {
    resolved.lastUsedAt = Date.now();
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, resolved.key.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
  return resolved.key;
}

async function resolveKey(db: Db, hash: string): Promise<ResolvedKey | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      teamId: apiKeys.teamId,
      permissions: apiKeys.permissions,
      userId: apiKeys.createdById,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      region: teams.region,
      role: memberships.role,
    })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .innerJoin(memberships, and(eq(memberships.teamId, apiKeys.teamId), eq(memberships.userId, apiKeys.createdById)))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  return {
    key: { keyId: row.id, teamId: row.teamId, region: row.region, userId: row.userId, role: row.role, permissions: effectivePermissions(row.role, row.permissions) },
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}
