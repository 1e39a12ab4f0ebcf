import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { resetMemberPassword } from "@/lib/services/members";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(memberOperations.resetPassword, ({ ctx, params }) => resetMemberPassword(ctx, params.userId));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
