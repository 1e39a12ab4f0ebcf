import { connectionOperations } from "@/lib/contracts/connections";
import { apiRoute } from "@/lib/http/handler";
import { revokeConnection } from "@/lib/services/oauth";

export const DELETE = apiRoute(connectionOperations.revoke, async ({ ctx, params }) => {
  await revokeConnection(ctx, params.connectionId);
  return { success: true };
});
