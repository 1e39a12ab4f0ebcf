import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { redeliver } from "@/lib/services/webhooks";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(webhookOperations.redeliver, ({ ctx, params }) => redeliver(ctx, { parserId: params.parserId, webhookId: params.webhookId, deliveryId: params.deliveryId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
