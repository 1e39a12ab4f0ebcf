import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { declineInvitation } from "@/lib/services/invitations";

export const POST = apiRoute(myInvitationOperations.decline, async ({ ctx, params }) => {
  await declineInvitation(ctx, params.invitationId);
  return { success: true };
});
