import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import type { WebhookEvent } from "@/lib/contracts/webhooks";
import { fullView } from "../documents/internal";
import type { DocumentRecord } from "../documents/to-document";

/** A fresh Standard Webhooks message id; it stays with the delivery for every attempt. */
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

export function eventPayload({ type, at, data }: { type: string; at: Date; data: Record<string, unknown> }): Record<string, unknown> {
  return { type, timestamp: at.toISOString(), data };
}

/**
 * The outbox: call it with the transaction that changes the document, so the event exists exactly when the change
 * does. It writes one pending delivery per active endpoint of the parser subscribed to the event; the webhook
 * dispatcher picks pending rows up and sends them through the queue, so a crash between commit and send loses
 * nothing. The payload is the document as it is at this moment.
 */
export async function emitDocumentEvent(tx: DbOrTx, { document, type }: { document: DocumentRecord; type: WebhookEvent }): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.parserId, document.parserId),
        eq(webhookEndpoints.isActive, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const now = new Date();
  const payload = eventPayload({ type, at: now, data: { document: await fullView(tx, document) } });
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      teamId: document.teamId,
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: type,
      payload,
      status: "pending" as const,
      nextAttemptAt: now,
    })),
  );
  return endpoints.length;
}
