import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { cancelInvitation } from "@/lib/services/invitations";

export const DELETE = apiRoute(memberOperations.cancelInvitation, async ({ ctx, params }) => {
  await cancelInvitation(ctx, params.invitationId);
  return { success: true };
});
