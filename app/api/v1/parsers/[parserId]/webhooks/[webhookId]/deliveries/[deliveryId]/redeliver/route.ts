import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { redeliver } from "@/lib/services/webhooks";

export const POST = apiRoute(webhookOperations.redeliver, ({ ctx, params }) => redeliver(ctx, { parserId: params.parserId, webhookId: params.webhookId, deliveryId: params.deliveryId }));
