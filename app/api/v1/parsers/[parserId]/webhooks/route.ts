import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks";

export const GET = apiRoute(webhookOperations.list, async ({ ctx, params }) => ({ data: await listWebhooks(ctx, params.parserId) }));
export const POST = apiRoute(webhookOperations.create, ({ ctx, params, body }) => createWebhook(ctx, { parserId: params.parserId, raw: body }));
