import { memberOperations } from "@/lib/contracts/members";
import { env } from "@/lib/env";
import { apiRoute } from "@/lib/http/handler";
import { inviteMember } from "@/lib/services/invitations";
import { listMembers } from "@/lib/services/members";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(memberOperations.list, async ({ ctx }) => ({ data: await listMembers(ctx) }));

/** Adding is inviting (issue 19): the answer has the same shape and content whether or not the e-mail has an account. */
export const POST = apiRoute(memberOperations.add, async ({ ctx, body }) => {
  const { invitation, token } = await inviteMember(ctx, body);
  return { invitation, acceptUrl: `${env().publicBaseUrl}/join/${token}` };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
