import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/services/webhooks";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(webhookOperations.get, ({ ctx, params }) => getWebhook(ctx, { parserId: params.parserId, webhookId: params.webhookId }));
export const PATCH = apiRoute(webhookOperations.update, ({ ctx, params, body }) => updateWebhook(ctx, { parserId: params.parserId, webhookId: params.webhookId, raw: body }));
export const DELETE = apiRoute(webhookOperations.remove, ({ ctx, params }) => deleteWebhook(ctx, { parserId: params.parserId, webhookId: params.webhookId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, OPTIONS } = otherMethods(["GET", "PATCH", "DELETE"]);
