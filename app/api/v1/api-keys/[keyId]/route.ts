import { apiKeyOperations } from "@/lib/contracts/api-keys";
import { apiRoute } from "@/lib/http/handler";
import { revokeApiKey } from "@/lib/services/api-keys";
import { otherMethods } from "@/lib/http/other-methods";

export const DELETE = apiRoute(apiKeyOperations.revoke, async ({ ctx, params }) => {
  await revokeApiKey(ctx, params.keyId);
  return { success: true };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
