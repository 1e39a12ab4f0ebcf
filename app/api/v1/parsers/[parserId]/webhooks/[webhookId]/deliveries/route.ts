import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { listDeliveries } from "@/lib/services/webhooks";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(webhookOperations.deliveries, async ({ ctx, params, query }) => ({ data: await listDeliveries(ctx, { parserId: params.parserId, webhookId: params.webhookId, query }) }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
