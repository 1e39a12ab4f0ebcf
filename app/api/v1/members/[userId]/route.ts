import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { removeMember, updateMemberRole } from "@/lib/services/members";

export const PATCH = apiRoute(memberOperations.update, ({ ctx, params, body }) => updateMemberRole(ctx, { userId: params.userId, role: body.role }));
export const DELETE = apiRoute(memberOperations.remove, async ({ ctx, params }) => ({ success: true, ...(await removeMember(ctx, params.userId)) }));
