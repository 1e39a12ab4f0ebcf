import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { cancelInvitation } from "@/lib/services/invitations";
import { otherMethods } from "@/lib/http/other-methods";

export const DELETE = apiRoute(memberOperations.cancelInvitation, async ({ ctx, params }) => {
  await cancelInvitation(ctx, params.invitationId);
  return { success: true };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
