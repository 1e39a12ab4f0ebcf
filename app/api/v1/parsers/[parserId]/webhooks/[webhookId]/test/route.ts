import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { sendTestEvent } from "@/lib/services/webhooks";

export const POST = apiRoute(webhookOperations.test, ({ ctx, params }) => sendTestEvent(ctx, { parserId: params.parserId, webhookId: params.webhookId }));
