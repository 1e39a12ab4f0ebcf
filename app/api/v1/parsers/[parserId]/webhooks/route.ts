import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(webhookOperations.list, async ({ ctx, params }) => ({ data: await listWebhooks(ctx, params.parserId) }));
export const POST = apiRoute(webhookOperations.create, ({ ctx, params, body }) => createWebhook(ctx, { parserId: params.parserId, raw: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
