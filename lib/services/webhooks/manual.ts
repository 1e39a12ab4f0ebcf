import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT, type WebhookDelivery } from "@/lib/contracts/webhooks";
import { webhookDeliveries } from "@/lib/db/schema";
import { notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { attemptDelivery } from "./deliver";
import { eventPayload, newMessageId } from "./emit";
import { deliveryView, getEndpointInParser, toDeliveries } from "./internal";

export async function listDeliveries(
  ctx: ServiceContext,
  { parserId, webhookId, query }: { parserId: string; webhookId: string; query: { limit: number; status?: "pending" | "succeeded" | "failed" } },
): Promise<WebhookDelivery[]> {
  assertPermission(ctx, "webhooks.read");
  const endpoint = await getEndpointInParser(ctx.db, { access: ctx, parserId, webhookId });
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
export async function sendTestEvent(ctx: ServiceContext, { parserId, webhookId }: { parserId: string; webhookId: string }): Promise<WebhookDelivery> {
  assertPermission(ctx, "webhooks.write");
  const endpoint = await getEndpointInParser(ctx.db, { access: ctx, parserId, webhookId });
  const now = new Date();
  const payload = eventPayload({ type: WEBHOOK_TEST_EVENT, at: now, data: { webhook: { id: endpoint.id, parserId: endpoint.parserId }, message: "A test event from Quarry" } });
  // Failed with no next attempt until the attempt below decides: the dispatcher never picks it up.
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({ teamId: ctx.teamId, endpointId: endpoint.id, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT, payload, status: "failed", nextAttemptAt: null })
    .returning();
  await attemptDelivery(ctx.db, { deliveryId: row!.id, manual: true });
  return deliveryView(ctx.db, row!.id);
}

/**
 * A manual redelivery: a new delivery of the original's event and data, sent now, under a fresh `webhook-id`, with
 * `redeliveryOf` in the body naming the original's delivery id and `webhook-id` (`messageId`). Receivers that de-duplicate on
 * the id (as Standard Webhooks advises) would otherwise drop it as already seen, which is the opposite of what a
 * person pressing "redeliver" wants; the flag lets a receiver that must not act twice recognise it. The original
 * keeps its own history; the answer is the new delivery after its attempt.
 */
export async function redeliver(ctx: ServiceContext, { parserId, webhookId, deliveryId }: { parserId: string; webhookId: string; deliveryId: string }): Promise<WebhookDelivery> {
  assertPermission(ctx, "webhooks.write");
  const endpoint = await getEndpointInParser(ctx.db, { access: ctx, parserId, webhookId });
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.teamId, ctx.teamId)));
  if (!row) throw notFound({ type: "delivery", value: deliveryId });
  const { redeliveryOf: _earlier, ...original } = row.payload;
  // `webhookId` repeats `messageId` for receivers written against the old name (deprecated, one release).
  const payload = { ...original, redeliveryOf: { deliveryId: row.id, messageId: row.messageId, webhookId: row.messageId } };
  // Failed with no next attempt until the attempt below decides: the dispatcher never picks it up.
  const [copy] = await ctx.db
    .insert(webhookDeliveries)
    .values({ teamId: ctx.teamId, endpointId: endpoint.id, messageId: newMessageId(), eventType: row.eventType, payload, status: "failed", nextAttemptAt: null })
    .returning();
  await recordAudit(ctx.db, {
    ctx,
    action: "webhook.redeliver",
    resourceType: "webhook_delivery",
    resourceId: copy!.id,
    after: { webhookId: endpoint.id, messageId: copy!.messageId, redeliveryOf: row.id },
  });
  await attemptDelivery(ctx.db, { deliveryId: copy!.id, manual: true });
  return deliveryView(ctx.db, copy!.id);
}
