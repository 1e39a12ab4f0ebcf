import { connectionOperations } from "@/lib/contracts/connections";
import { apiRoute } from "@/lib/http/handler";
import { listConnections } from "@/lib/services/oauth";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(connectionOperations.list, async ({ ctx }) => ({ data: await listConnections(ctx) }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
