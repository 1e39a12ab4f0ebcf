import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { listInvitations } from "@/lib/services/invitations";

export const GET = apiRoute(memberOperations.listInvitations, async ({ ctx }) => ({ data: await listInvitations(ctx) }));
