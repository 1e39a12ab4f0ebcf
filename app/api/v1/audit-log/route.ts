import { auditOperations } from "@/lib/contracts/audit";
import { apiRoute } from "@/lib/http/handler";
import { listAuditLog } from "@/lib/services/audit";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(auditOperations.list, ({ ctx, query }) => listAuditLog(ctx, query));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
