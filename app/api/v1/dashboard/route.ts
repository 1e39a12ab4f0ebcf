import { usageOperations } from "@/lib/contracts/usage";
import { apiRoute } from "@/lib/http/handler";
import { getDashboard } from "@/lib/services/usage";

export const GET = apiRoute(usageOperations.dashboard, ({ ctx }) => getDashboard(ctx));
