import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT, type WebhookDelivery } from "@/lib/contracts/webhooks";
import { webhookDeliveries } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { attemptDelivery } from "./deliver";
import { eventPayload, newMessageId } from "./emit";
import { deliveryView, getEndpointInParser, toDeliveries } from "./internal";

export async function listDeliveries(
  ctx: ServiceContext,
  parserId: string,
  webhookId: string,
  query: { limit: number; status?: "pending" | "succeeded" | "failed" },
): Promise<WebhookDelivery[]> {
  assertPermission(ctx, "webhooks.read");
  const endpoint = await getEndpointInParser(ctx.db, ctx, parserId, webhookId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), query.status ? eq(webhookDeliveries.status, query.status) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(query.limit);
  return toDeliveries(ctx.db, rows);
}

/**
 * A `webhook.test` event, sent now (even to a paused endpoint) and answered with its first attempt. It is a manual
 * delivery: not retried, and it does not count towards disabling the endpoint.
 */
export async function sendTestEvent(ctx: ServiceContext, parserId: string, webhookId: string): Promise<WebhookDelivery> {
  assertPermission(ctx, "webhooks.write");
  const endpoint = await getEndpointInParser(ctx.db, ctx, parserId, webhookId);
  const now = new Date();
  const payload = eventPayload(WEBHOOK_TEST_EVENT, now, { webhook: { id: endpoint.id, parserId: endpoint.parserId }, message: "A test event from Quarry" });
  // Failed with no next attempt until the attempt below decides: the dispatcher never picks it up.
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({ teamId: ctx.teamId, endpointId: endpoint.id, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT, payload, status: "failed", nextAttemptAt: null })
    .returning();
  await attemptDelivery(ctx.db, row!.id, { manual: true });
  return deliveryView(ctx.db, row!.id);
}

/** One more attempt of a delivery, now, with its original `webhook-id` and payload. */
export async function redeliver(ctx: ServiceContext, parserId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  assertPermission(ctx, "webhooks.write");
  const endpoint = await getEndpointInParser(ctx.db, ctx, parserId, webhookId);
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.teamId, ctx.teamId)));
  if (!row) throw notFound("delivery", deliveryId);
  await recordAudit(ctx.db, ctx, { action: "webhook.redeliver", resourceType: "webhook_delivery", resourceId: row.id, after: { webhookId: endpoint.id, messageId: row.messageId } });
  await attemptDelivery(ctx.db, row.id, { manual: true });
  return deliveryView(ctx.db, row.id);
}
