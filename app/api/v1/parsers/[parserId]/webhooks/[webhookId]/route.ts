import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/services/webhooks";

export const GET = apiRoute(webhookOperations.get, ({ ctx, params }) => getWebhook(ctx, params.parserId, params.webhookId));
export const PATCH = apiRoute(webhookOperations.update, ({ ctx, params, body }) => updateWebhook(ctx, params.parserId, params.webhookId, body));
export const DELETE = apiRoute(webhookOperations.remove, ({ ctx, params }) => deleteWebhook(ctx, params.parserId, params.webhookId));
