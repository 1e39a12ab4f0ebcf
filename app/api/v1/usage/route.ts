import { usageOperations } from "@/lib/contracts/usage";
import { apiRoute } from "@/lib/http/handler";
import { listUsage } from "@/lib/services/usage";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(usageOperations.list, ({ ctx, query }) => listUsage(ctx, query));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
