import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { listMyInvitations } from "@/lib/services/invitations";

export const GET = apiRoute(myInvitationOperations.list, async ({ ctx }) => ({ data: await listMyInvitations(ctx) }));
