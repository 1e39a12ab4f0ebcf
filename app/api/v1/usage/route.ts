import { usageOperations } from "@/lib/contracts/usage";
import { apiRoute } from "@/lib/http/handler";
import { listUsage } from "@/lib/services/usage";

export const GET = apiRoute(usageOperations.list, ({ ctx, query }) => listUsage(ctx, query));
