import { apiKeyOperations } from "@/lib/contracts/api-keys";
import { apiRoute } from "@/lib/http/handler";
import { createApiKey, listApiKeys } from "@/lib/services/api-keys";

export const GET = apiRoute(apiKeyOperations.list, async ({ ctx }) => ({ data: await listApiKeys(ctx) }));
export const POST = apiRoute(apiKeyOperations.create, ({ ctx, body }) => createApiKey(ctx, body));
