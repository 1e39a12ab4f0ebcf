import { accountOperations } from "@/lib/contracts/account";
import { apiRoute } from "@/lib/http/handler";
import { changeMyPassword } from "@/lib/services/account";

export const POST = apiRoute(accountOperations.changePassword, ({ ctx, body }) => changeMyPassword(ctx, body));
