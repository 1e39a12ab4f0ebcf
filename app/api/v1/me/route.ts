import { sessionOperations } from "@/lib/contracts/session";
import { apiRoute } from "@/lib/http/handler";
import { getMe } from "@/lib/services/teams";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(sessionOperations.me, ({ ctx }) => getMe(ctx));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
