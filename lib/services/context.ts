import "server-only";
import type { Permission } from "@/lib/contracts/permissions";
import type { Db, DbOrTx } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import type { Region, Role } from "@/lib/contracts/enums";
import { forbidden } from "@/lib/services/errors";

/** Who is acting, for which team, with what rights. Every service verb takes one; tenant scoping starts here. */
export type ServiceContext = {
  db: Db;
  teamId: string;
  region: Region;
  /** `sessionKey`: the console session a console token was minted in (lib/services/sessions), for console callers. */
  actor: { userId: string; apiKeyId: string | null; via: "apiKey" | "console" | "oauth" | "system"; sessionKey?: string };
  role: Role;
  permissions: readonly Permission[];
};

export function can(ctx: ServiceContext, permission: Permission): boolean {
  return ctx.permissions.includes(permission);
}

export function assertPermission(ctx: ServiceContext, permission: Permission): void {
  if (!can(ctx, permission)) throw forbidden(`This action needs the ${permission} permission.`);
}

export type AuditEntry = {
  action: string;
  resourceType: string;
  resourceId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Written inside the same transaction as the change it records, so neither exists without the other. */
export async function recordAudit(tx: DbOrTx, { ctx, ...entry }: { ctx: ServiceContext } & AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    teamId: ctx.teamId,
    actorUserId: ctx.actor.userId,
    actorApiKeyId: ctx.actor.apiKeyId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
