import "server-only";
import { fromPglite, PgBoss, type Job, type SendOptions, type WorkOptions } from "pg-boss";
import type { DatabaseHandle } from "@/lib/db/client";

/**
 * The job queue. pg-boss runs on both backends: on PGlite through its in-process adapter (one process, which
 * is what PGlite admits anyway), on PostgreSQL as the usual multi-process setup that `npm run worker` scales.
 */
export type Queue = {
  boss: PgBoss;
  send: <T extends object>(name: string, data: T, options?: SendOptions) => Promise<string | null>;
  stop: () => Promise<void>;
};

export type QueueDefinition = {
  name: string;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  /**
   * A worker holding a job refreshes its claim this often (÷2); a claim not refreshed for this long is a dead
   * worker's, and the job is retried within about a minute instead of waiting out `expireInSeconds`.
   */
  heartbeatSeconds?: number;
  /** Where a job goes once out of retries, so a handler there can end its work visibly instead of leaving it. */
  deadLetter?: string;
};

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export async function startQueue(handle: DatabaseHandle, options: { supervise: boolean }): Promise<Queue> {
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: "pglite", useListenNotify: true, supervise: options.supervise })
      : new PgBoss({ connectionString: handle.url, max: 4, supervise: options.supervise, useListenNotify: true });
  boss.on("error", (error: Error) => console.error("[queue]", error.message));
  await boss.start();
  return {
    boss,
    send: (name, data, sendOptions) => boss.send(name, data, sendOptions ?? {}),
    // graceful: workers finish the job in hand; whatever is left is retried by the next process.
    stop: () => boss.stop({ graceful: true, close: true, timeout: 20_000 }),
  };
}

export async function defineQueue(queue: Queue, definition: QueueDefinition): Promise<void> {
  const { name, heartbeatSeconds, deadLetter, ...policy } = definition;
  // pg-boss refuses keys present but undefined.
  await queue.boss.createQueue(name, { ...policy, ...(heartbeatSeconds ? { heartbeatSeconds } : {}), ...(deadLetter ? { deadLetter } : {}), notify: true });
  // createQueue leaves an existing queue as it is: apply the current policy to deployments made before it changed.
  await queue.boss.updateQueue(name, { ...policy, heartbeatSeconds: heartbeatSeconds ?? null, deadLetter: deadLetter ?? null });
}

export async function work<T extends object>(
  queue: Queue,
  name: string,
  handler: JobHandler<T>,
  options: WorkOptions = {},
): Promise<string> {
  // Jobs come in small batches, fetched back to back while batches come back full (a backlog drains at the
  // speed of the work, not of the poll). NOTIFY wakes workers for new jobs but not for retries coming due, so
  // the backstop poll sets retry latency.
  const defaults: WorkOptions = { batchSize: 4, burstWhenBatchFull: true, notifyPollingIntervalSeconds: 2 };
  const settings = { ...defaults, ...options };
  const runJobs = async (jobs: Job<T>[]) => {
    for (const job of jobs) {
      try {
        await handler(job);
      } catch (error) {
        // Fail only this job (it is retried by its queue's policy); the batch's completion skips jobs that are no
        // longer active, so its neighbours still complete.
        const message = error instanceof Error ? error.message : String(error);
        await queue.boss.fail(name, job.id, { message });
      }
    }
  };
  if ((settings.batchSize ?? 1) > 1) return queue.boss.work<T>(name, settings, runJobs);

  // One job a claim: pg-boss bursts only on full batches of more than one job, so a slot would wait out the
  // NOTIFY backstop (2 s) between the jobs of a backlog — measured, a `npm run worker` process drained one
  // one-page PDF every 2 s whatever its CPU. Each slot is its own pg-boss worker, woken after every job to look
  // again at once; a look that finds nothing waits as usual.
  const { localConcurrency = 1, ...slotSettings } = settings;
  const ids: string[] = [];
  for (let slot = 0; slot < localConcurrency; slot++) {
    let id = "";
    id = await queue.boss.work<T>(name, { ...slotSettings, localConcurrency: 1 }, async (jobs) => {
      await runJobs(jobs);
      queue.boss.notifyWorker(id);
    });
    ids.push(id);
  }
  return ids[0]!;
}
