import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import type { Redelivery, Webhook, WebhookDelivery } from "@/lib/contracts/webhooks";
import { notFound } from "@/lib/services/errors";
import type { Access } from "../access";
import { getParserInTeam } from "../parsers/internal";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The endpoint, scoped to the team and the parser: another team's endpoint is not found, never forbidden. */
export async function getEndpointInParser(tx: DbOrTx, { access, parserId, webhookId }: { access: Access; parserId: string; webhookId: string }): Promise<EndpointRow> {
  const parser = await getParserInTeam(tx, { access, parserId });
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.parserId, parser.id), eq(webhookEndpoints.teamId, access.teamId)));
  if (!row) throw notFound({ type: "webhook", value: webhookId });
  return row;
}

export function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    parserId: row.parserId,
    url: row.url,
    events: row.events,
    description: row.description,
    isActive: row.isActive,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The document a delivery is about, from its payload (document events carry the document's full view). */
function documentOf(payload: Record<string, unknown>): { id: string; name: string } | null {
  const data = payload.data as { document?: { id?: unknown; name?: unknown } } | undefined;
  const document = data?.document;
  return typeof document?.id === "string" && typeof document.name === "string" ? { id: document.id, name: document.name } : null;
}

/** The log's `redeliveryOf`, the same object as the body's; bodies sent before `messageId` existed have only `webhookId`. */
function redeliveryOf(payload: Record<string, unknown>): Redelivery | null {
  const flag = payload.redeliveryOf as { deliveryId?: unknown; messageId?: unknown; webhookId?: unknown } | undefined;
  if (typeof flag?.deliveryId !== "string") return null;
  const messageId = typeof flag.messageId === "string" ? flag.messageId : typeof flag.webhookId === "string" ? flag.webhookId : "";
  return { deliveryId: flag.deliveryId, messageId };
}

export async function toDeliveries(tx: DbOrTx, rows: readonly DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = rows.length
    ? await tx
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)))
        .orderBy(asc(webhookAttempts.attemptedAt))
    : [];
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    responseStatus: row.responseStatus,
    responseTimeMs: row.responseTimeMs,
    responseBodyExcerpt: row.responseBodyExcerpt,
    error: row.error,
    payload: row.payload,
    document: documentOf(row.payload),
    redeliveryOf: redeliveryOf(row.payload),
    attemptLog: (byDelivery.get(row.id) ?? []).map((attempt) => ({
      id: attempt.id,
      attemptedAt: attempt.attemptedAt.toISOString(),
      responseStatus: attempt.responseStatus,
      durationMs: attempt.durationMs,
      responseBodyExcerpt: attempt.responseBodyExcerpt,
      error: attempt.error,
    })),
  }));
}

export async function deliveryView(tx: DbOrTx, deliveryId: string): Promise<WebhookDelivery> {
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!row) throw notFound({ type: "delivery", value: deliveryId });
  return (await toDeliveries(tx, [row]))[0]!;
}
