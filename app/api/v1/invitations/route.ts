import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { listInvitations } from "@/lib/services/invitations";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(memberOperations.listInvitations, async ({ ctx }) => ({ data: await listInvitations(ctx) }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
