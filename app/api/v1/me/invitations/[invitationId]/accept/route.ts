import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { acceptInvitation } from "@/lib/services/invitations";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(myInvitationOperations.accept, ({ ctx, params }) => acceptInvitation(ctx, params.invitationId));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
