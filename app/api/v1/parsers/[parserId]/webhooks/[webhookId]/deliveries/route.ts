import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { listDeliveries } from "@/lib/services/webhooks";

export const GET = apiRoute(webhookOperations.deliveries, async ({ ctx, params, query }) => ({ data: await listDeliveries(ctx, { parserId: params.parserId, webhookId: params.webhookId, query }) }));
