import { z } from "zod";
import { defineOperation, PageQuerySchema, paginated, TimestampSchema, UuidSchema } from "./common";

export const AuditEntrySchema = z
  .object({
    id: UuidSchema,
    action: z.string().describe("e.g. apiKey.create, member.role"),
    resourceType: z.string(),
    resourceId: z.string(),
    actor: z.object({ userId: UuidSchema.nullable(), apiKeyId: UuidSchema.nullable() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: TimestampSchema,
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = PageQuerySchema.extend({
  action: z.string().max(100).optional(),
  resourceType: z.string().max(100).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const auditOperations = {
  list: defineOperation({
    operationId: "listAuditLog",
    method: "GET",
    path: "/audit-log",
    tag: "Audit log",
    summary: "List the team's audit log",
    description: "Who changed what and when, newest first. Admins only.",
    permission: "members.manage",
    query: AuditQuerySchema,
    response: paginated(AuditEntrySchema),
    errors: [403],
  }),
};
