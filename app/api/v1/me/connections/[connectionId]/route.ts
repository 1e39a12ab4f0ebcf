import { connectionOperations } from "@/lib/contracts/connections";
import { apiRoute } from "@/lib/http/handler";
import { revokeConnection } from "@/lib/services/oauth";
import { otherMethods } from "@/lib/http/other-methods";

export const DELETE = apiRoute(connectionOperations.revoke, async ({ ctx, params }) => {
  await revokeConnection(ctx, params.connectionId);
  return { success: true };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
