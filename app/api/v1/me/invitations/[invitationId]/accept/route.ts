import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { acceptInvitation } from "@/lib/services/invitations";

export const POST = apiRoute(myInvitationOperations.accept, ({ ctx, params }) => acceptInvitation(ctx, params.invitationId));
