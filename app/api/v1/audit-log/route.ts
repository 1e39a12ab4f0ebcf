import { auditOperations } from "@/lib/contracts/audit";
import { apiRoute } from "@/lib/http/handler";
import { listAuditLog } from "@/lib/services/audit";

export const GET = apiRoute(auditOperations.list, ({ ctx, query }) => listAuditLog(ctx, query));
