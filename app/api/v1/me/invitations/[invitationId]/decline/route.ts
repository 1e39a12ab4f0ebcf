import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { declineInvitation } from "@/lib/services/invitations";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(myInvitationOperations.decline, async ({ ctx, params }) => {
  await declineInvitation(ctx, params.invitationId);
  return { success: true };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
