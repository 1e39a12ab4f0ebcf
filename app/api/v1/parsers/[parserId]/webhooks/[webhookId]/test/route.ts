import { webhookOperations } from "@/lib/contracts/webhooks";
import { apiRoute } from "@/lib/http/handler";
import { sendTestEvent } from "@/lib/services/webhooks";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(webhookOperations.test, ({ ctx, params }) => sendTestEvent(ctx, { parserId: params.parserId, webhookId: params.webhookId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
