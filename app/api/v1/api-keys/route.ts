import { apiKeyOperations } from "@/lib/contracts/api-keys";
import { apiRoute } from "@/lib/http/handler";
import { createApiKey, listApiKeys } from "@/lib/services/api-keys";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(apiKeyOperations.list, async ({ ctx }) => ({ data: await listApiKeys(ctx) }));
export const POST = apiRoute(apiKeyOperations.create, ({ ctx, body }) => createApiKey(ctx, body));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
