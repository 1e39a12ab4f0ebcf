import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { resetMemberPassword } from "@/lib/services/members";

export const POST = apiRoute(memberOperations.resetPassword, ({ ctx, params }) => resetMemberPassword(ctx, params.userId));
