import "server-only";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { JobQueue } from "../job-queue";

export const DELIVER_QUEUE = "deliver-webhook";

/** The part of the job queue the dispatcher needs. */
export type DeliveryQueue = JobQueue<{ deliveryId: string }>;

/** How long a claimed delivery is left to its job before the dispatcher hands it out again (a killed worker). */
export const leaseMs = () => env().WEBHOOK_TIMEOUT_MS + 60_000;

/**
 * Claims the pending deliveries that are due, by pushing their next attempt one lease into the future, and returns
 * their ids. The job that delivers sets the real next attempt (or finishes the delivery); if its worker dies
 * mid-delivery the lease runs out and the delivery is claimed again: at least once, never lost. SKIP LOCKED lets
 * several processes dispatch from one PostgreSQL without claiming the same row.
 */
export async function claimDueDeliveries(db: Db, options: { now?: Date; limit?: number } = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(options.limit ?? 20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs()) })
      .where(inArray(webhookDeliveries.id, ids));
    return ids;
  });
}

/** One dispatcher pass: claim what is due and hand each delivery to the queue. */
export async function dispatchDueDeliveries(db: Db, queue: DeliveryQueue): Promise<number> {
  const ids = await claimDueDeliveries(db);
  for (const deliveryId of ids) await queue.send(DELIVER_QUEUE, { deliveryId });
  return ids.length;
}
