import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { AuditEntry, AuditQuery } from "@/lib/contracts/audit";
import { pagination, type Pagination } from "@/lib/contracts/common";
import { auditLog } from "@/lib/db/schema";
import { assertPermission, type ServiceContext } from "../context";

export async function listAuditLog(ctx: ServiceContext, query: AuditQuery): Promise<{ data: AuditEntry[]; pagination: Pagination }> {
  assertPermission(ctx, "members.manage");
  const where = and(
    eq(auditLog.teamId, ctx.teamId),
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.resourceType ? eq(auditLog.resourceType, query.resourceType) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      actor: { userId: row.actorUserId, apiKeyId: row.actorApiKeyId },
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: pagination(query, total?.value ?? 0),
  };
}
