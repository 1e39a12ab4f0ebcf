import { sessionOperations } from "@/lib/contracts/session";
import { apiRoute } from "@/lib/http/handler";
import { getMe } from "@/lib/services/teams";

export const GET = apiRoute(sessionOperations.me, ({ ctx }) => getMe(ctx));
