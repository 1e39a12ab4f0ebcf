import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isSafeFetchError, safeFetchStream } from "@/lib/net";
import type { DeliveryRow, EndpointRow } from "./internal";
import { disabledReason, retryDelay, shouldDisable } from "./schedule";
import { decryptSecret } from "./secret";
import { signedHeaders } from "./signing";

export const EXCERPT_BYTES = 2048;

export type AttemptResult = { ok: boolean; status: number | null; durationMs: number; excerpt: string | null; error: string | null };

/**
 * One POST of a delivery to its endpoint: signed afresh (new timestamp, same `webhook-id`), through safeFetch (SSRF
 * guard, no redirects: a 3xx is a failure), within WEBHOOK_TIMEOUT_MS. Only a 2xx is a success. Never throws.
 */
export async function postDelivery(endpoint: Pick<EndpointRow, "url" | "secretCiphertext">, delivery: Pick<DeliveryRow, "messageId" | "payload">): Promise<AttemptResult> {
  const started = Date.now();
  const body = JSON.stringify(delivery.payload);
  try {
    const headers = { "content-type": "application/json", "user-agent": "Quarry-Webhooks/1", ...signedHeaders({ secret: decryptSecret(endpoint.secretCiphertext), messageId: delivery.messageId, at: new Date(), body }) };
    const response = await safeFetchStream(endpoint.url, { method: "POST", headers, body, maxRedirects: 0, timeoutMs: env().WEBHOOK_TIMEOUT_MS });
    const excerpt = await readExcerpt(response.body);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, durationMs: Date.now() - started, excerpt, error: ok ? null : `The endpoint answered ${response.status}` };
  } catch (error) {
    // safeFetch messages are written for the endpoint's owner; anything else stays in the server log.
    if (!isSafeFetchError(error)) console.error("[webhooks] delivery attempt", error);
    const message = isSafeFetchError(error) ? error.message : "The delivery could not be sent";
    return { ok: false, status: null, durationMs: Date.now() - started, excerpt: null, error: message };
  }
}

/**
 * The first 2 KB of a receiver's answer, as text the database can store. PostgreSQL text cannot hold U+0000, so a
 * receiver answering with a NUL byte (any binary body) would otherwise make recording the attempt fail.
 */
async function readExcerpt(stream: AsyncIterable<unknown> & { destroy: () => void }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut short still leaves the status, which decides the outcome.
  } finally {
    stream.destroy();
  }
  const text = Buffer.concat(chunks)
    .subarray(0, EXCERPT_BYTES)
    .toString("utf8")
    .replace(/\uFFFD+$/, "")
    .replaceAll("\u0000", "\uFFFD");
  return text || null;
}

/**
 * Makes one attempt of a delivery and records it. Automatic attempts (the queue) follow the retry schedule and keep
 * the endpoint's health: a failure starts or continues its failing period, and a day of failures disables it. A
 * manual attempt (test, redeliver) is one shot and leaves the endpoint's health alone.
 */
export async function attemptDelivery(db: Db, { deliveryId, ...options }: { deliveryId: string } & { manual?: boolean }): Promise<void> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found) return; // its endpoint was deleted
  const { delivery, endpoint } = found;
  if (!options.manual && delivery.status !== "pending") return; // finished by an earlier, duplicated job
  if (!options.manual && !endpoint.isActive) {
    const error = endpoint.disabledReason ? "Not sent: the endpoint was disabled" : "Not sent: the endpoint is paused";
    await db.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null, error }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }

  const result = await postDelivery(endpoint, delivery);
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const delay = result.ok || options.manual ? null : retryDelay(attempts, env().WEBHOOK_RETRY_SCHEDULE_MS ?? undefined);
  // A failed manual attempt of a delivery still being retried leaves its schedule alone.
  const keepSchedule = !result.ok && options.manual === true && delivery.status === "pending";
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      responseStatus: result.status,
      durationMs: result.durationMs,
      responseBodyExcerpt: result.excerpt,
      error: result.error,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: result.ok ? "succeeded" : delay !== null || keepSchedule ? "pending" : "failed",
        attempts,
        lastAttemptAt: now,
        nextAttemptAt: keepSchedule ? delivery.nextAttemptAt : delay === null ? null : new Date(now.getTime() + delay),
        responseStatus: result.status,
        responseTimeMs: result.durationMs,
        responseBodyExcerpt: result.excerpt,
        error: result.error,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (result.ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    } else if (!options.manual) {
      const failingSince = endpoint.failingSince ?? now;
      const disable = shouldDisable(failingSince, now);
      await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
          ...(disable ? { isActive: false, disabledReason: disabledReason(now, result.error ?? "unknown"), updatedAt: now } : {}),
        })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
  });
}
