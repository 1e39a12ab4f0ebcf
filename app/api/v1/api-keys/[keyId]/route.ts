import { apiKeyOperations } from "@/lib/contracts/api-keys";
import { apiRoute } from "@/lib/http/handler";
import { revokeApiKey } from "@/lib/services/api-keys";

export const DELETE = apiRoute(apiKeyOperations.revoke, async ({ ctx, params }) => {
  await revokeApiKey(ctx, params.keyId);
  return { success: true };
});
