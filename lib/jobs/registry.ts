import "server-only";
import type { Db } from "@/lib/db/client";
import { pruneRateLimitBuckets } from "@/lib/services/rate-limit";
import { defineQueue, work, type Queue, type QueueDefinition } from "./queue";

/**
 * Every queue the app uses, with its retry policy. Feature handlers (extraction, classification, webhook
 * delivery) register here.
 */
const QUEUES = {
  maintenance: { name: "maintenance", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
} satisfies Record<string, QueueDefinition>;

export async function registerJobs(queue: Queue): Promise<void> {
  for (const definition of Object.values(QUEUES)) await defineQueue(queue, definition);
  // Hourly housekeeping; pg-boss keeps one schedule per name across processes.
  await queue.boss.schedule(QUEUES.maintenance.name, "17 * * * *", { task: "prune-rate-limits" });
}

export async function startWorkers(queue: Queue, db: Db): Promise<void> {
  await work<{ task: string }>(queue, QUEUES.maintenance.name, async (job) => {
    if (job.data.task === "prune-rate-limits") await pruneRateLimitBuckets(db);
  });
}
