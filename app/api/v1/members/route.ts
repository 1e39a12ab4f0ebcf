import { memberOperations } from "@/lib/contracts/members";
import { apiRoute } from "@/lib/http/handler";
import { addMember, listMembers } from "@/lib/services/members";

export const GET = apiRoute(memberOperations.list, async ({ ctx }) => ({ data: await listMembers(ctx) }));
export const POST = apiRoute(memberOperations.add, ({ ctx, body }) => addMember(ctx, body));
