import { connectionOperations } from "@/lib/contracts/connections";
import { apiRoute } from "@/lib/http/handler";
import { listConnections } from "@/lib/services/oauth";

export const GET = apiRoute(connectionOperations.list, async ({ ctx }) => ({ data: await listConnections(ctx) }));
