import { myInvitationOperations } from "@/lib/contracts/invitations";
import { apiRoute } from "@/lib/http/handler";
import { listMyInvitations } from "@/lib/services/invitations";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(myInvitationOperations.list, async ({ ctx }) => ({ data: await listMyInvitations(ctx) }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
