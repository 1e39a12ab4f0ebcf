import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { removeMember, updateMemberRole } from "@/lib/services/members";
import { otherMethods } from "@/lib/http/other-methods";

export const PATCH = apiRoute(memberOperations.update, ({ ctx, params, body }) => updateMemberRole(ctx, { userId: params.userId, role: body.role }));
export const DELETE = apiRoute(memberOperations.remove, async ({ ctx, params }) => ({ success: true, ...(await removeMember(ctx, params.userId)) }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods(["PATCH", "DELETE"]);
