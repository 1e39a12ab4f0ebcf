import { memberOperations } from "@/lib/contracts/members";
import { env } from "@/lib/env";
import { apiRoute } from "@/lib/http/handler";
import { inviteMember } from "@/lib/services/invitations";
import { listMembers } from "@/lib/services/members";

export const GET = apiRoute(memberOperations.list, async ({ ctx }) => ({ data: await listMembers(ctx) }));

/** Adding is inviting (issue 19): the answer has the same shape and content whether or not the e-mail has an account. */
export const POST = apiRoute(memberOperations.add, async ({ ctx, body }) => {
  const { invitation, token } = await inviteMember(ctx, body);
  return { invitation, acceptUrl: `${env().publicBaseUrl}/join/${token}` };
});
