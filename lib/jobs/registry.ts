import "server-only";
import { availableParallelism } from "node:os";
import type { Db } from "@/lib/db/client";
// The pool's own module, not the engine's barrel: the engine (pdf.js, OCR, ONNX, office loaders) loads in the pool's
// worker threads only, and this process stays light (issue 26, memory).
import { ExtractionPool } from "@/lib/extraction/worker/extraction-pool";
import { CLASSIFY_QUEUE, failInterruptedClassifierDocument, processClassifierDocument } from "@/lib/services/classifiers";
import { EXTRACT_QUEUE } from "@/lib/services/documents";
import { failInterruptedDocument, processDocument } from "@/lib/services/documents";
import { pruneUnusedOAuthClients } from "@/lib/services/oauth";
import { pruneRateLimitBuckets } from "@/lib/services/rate-limit";
import { attemptDelivery, DELIVER_QUEUE, dispatchDueDeliveries } from "@/lib/services/webhooks";
import { fileStore } from "@/lib/storage";
import { defineQueue, work, type Queue, type QueueDefinition } from "./queue";

/**
 * Every queue the app uses, with its retry policy, and the workers behind them. Feature handlers (classification,
 * webhook delivery) register here too.
 */
const QUEUES = {
  maintenance: { name: "maintenance", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  // Jobs that ran out of attempts without finishing (a worker killed under each of them): their documents end
  // `failed` here rather than stay `processing` for ever. Defined before the queues that name them.
  extractDead: { name: `${EXTRACT_QUEUE}-dead`, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  classifyDead: { name: `${CLASSIFY_QUEUE}-dead`, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  // A document's extraction: retried with backoff when the database or the store fail, never when the document
  // itself cannot be read (see processDocument). Expiry (5 min) is well past the engine's 2-minute per-document
  // limit; the heartbeat brings a killed worker's job back within about 90 s (30 s of silence, then the supervisor's round).
  extract: { name: EXTRACT_QUEUE, retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 300, heartbeatSeconds: 30, deadLetter: `${EXTRACT_QUEUE}-dead` },
  // A classifier document's classification and routing: the same policy as extraction (it reads the document the
  // same way), so a killed worker's job comes back and a database or store hiccup is retried.
  classify: { name: CLASSIFY_QUEUE, retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 300, heartbeatSeconds: 30, deadLetter: `${CLASSIFY_QUEUE}-dead` },
  // One webhook delivery attempt. The retry schedule (about a day) lives in the delivery row, not in pg-boss: a
  // failed attempt sets its next attempt and the dispatcher sends a new job when it comes due. pg-boss retries
  // only cover a worker or database failure around the attempt.
  deliverWebhook: { name: DELIVER_QUEUE, retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
} satisfies Record<string, QueueDefinition>;

export async function registerJobs(queue: Queue): Promise<void> {
  for (const definition of Object.values(QUEUES)) await defineQueue(queue, definition);
  // Hourly housekeeping; pg-boss keeps one schedule per name across processes.
  await queue.boss.schedule(QUEUES.maintenance.name, "17 * * * *", { task: "prune-rate-limits" });
}

type PoolGlobal = { __quarryExtractionPool?: ExtractionPool; __quarryWebhookDispatcher?: NodeJS.Timeout };
const pools = globalThis as PoolGlobal;

/**
 * Extraction threads, sized by the machine: one core is left to the main thread (requests, and on PGlite the
 * database itself), at most four. Each thread that has extracted holds the engine (~250 MB measured for text PDFs),
 * so on a 2-core machine a second thread cost that much resident memory for extraction that competed with the
 * requests for the same two cores anyway (issue 26, memory).
 */
const EXTRACTION_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

/** One pool of extraction threads per process, so CPU-heavy work never runs on the server's main thread. */
export function extractionPool(): ExtractionPool {
  pools.__quarryExtractionPool ??= new ExtractionPool({ threads: EXTRACTION_THREADS });
  return pools.__quarryExtractionPool;
}

export async function startWorkers(queue: Queue, db: Db): Promise<void> {
  await work<{ task: string }>(queue, QUEUES.maintenance.name, async (job) => {
    // The hourly housekeeping (the task keeps its first name, which existing schedules carry).
    if (job.data.task === "prune-rate-limits") {
      await pruneRateLimitBuckets(db);
      await pruneUnusedOAuthClients(db);
    }
  });
  const deps = { extract: (input: Parameters<ExtractionPool["run"]>[0]) => extractionPool().run(input), store: fileStore(), queue };
  await work<{ documentId: string }>(
    queue,
    QUEUES.extract.name,
    async (job) => {
      try {
        await processDocument(db, { deps, documentId: job.data.documentId });
      } catch (error) {
        // Out of retries: end the document as failed rather than leave it processing forever.
        const state = await queue.boss.getJobById(QUEUES.extract.name, job.id);
        if (state && state.retryCount >= state.retryLimit) await processDocument(db, { deps, documentId: job.data.documentId, finalAttempt: true });
        else throw error;
      }
    },
    // One job claimed per slot: a killed worker leaves only the documents in hand to retry, not a batch it never began.
    { localConcurrency: EXTRACTION_THREADS, batchSize: 1 },
  );
  await work<{ documentId: string }>(queue, QUEUES.extractDead.name, (job) => failInterruptedDocument(db, job.data.documentId).then(() => undefined));
  await startClassifyWorker(queue, db);
  await startWebhookWorker(queue, db);
}

/** How often the webhook dispatcher looks for due deliveries: the latency of an event, and of each retry. */
const DISPATCH_INTERVAL_MS = 1000;

async function startWebhookWorker(queue: Queue, db: Db): Promise<void> {
  await work<{ deliveryId: string }>(queue, QUEUES.deliverWebhook.name, (job) => attemptDelivery(db, { deliveryId: job.data.deliveryId }), { localConcurrency: 4 });
  let running = false;
  clearInterval(pools.__quarryWebhookDispatcher);
  pools.__quarryWebhookDispatcher = setInterval(() => {
    if (running) return;
    running = true;
    dispatchDueDeliveries(db, queue)
      .catch((error: unknown) => console.error("[webhooks] dispatch", error instanceof Error ? error.message : error))
      .finally(() => {
        running = false;
      });
  }, DISPATCH_INTERVAL_MS);
  pools.__quarryWebhookDispatcher.unref();
}

/** Classification reads pages only: no fields, no markdown, so no model call; the pool keeps it off the main thread. */
function loadPages(input: { bytes: Uint8Array; mimeType: string; fileName: string }) {
  return extractionPool()
    .run({ ...input, fields: [], settings: { markdownParsing: false, dataExtractionMode: "balanced" } })
    .then((result) => result.pages);
}

async function startClassifyWorker(queue: Queue, db: Db): Promise<void> {
  const deps = { load: loadPages, store: fileStore(), queue };
  await work<{ documentId: string }>(
    queue,
    QUEUES.classify.name,
    async (job) => {
      try {
        await processClassifierDocument(db, { deps, documentId: job.data.documentId });
      } catch (error) {
        const state = await queue.boss.getJobById(QUEUES.classify.name, job.id);
        if (state && state.retryCount >= state.retryLimit) await processClassifierDocument(db, { deps, documentId: job.data.documentId, finalAttempt: true });
        else throw error;
      }
    },
    { localConcurrency: EXTRACTION_THREADS, batchSize: 1 },
  );
  await work<{ documentId: string }>(queue, QUEUES.classifyDead.name, (job) => failInterruptedClassifierDocument(db, job.data.documentId).then(() => undefined));
}

export async function stopWorkers(): Promise<void> {
  clearInterval(pools.__quarryWebhookDispatcher);
  pools.__quarryWebhookDispatcher = undefined;
  await pools.__quarryExtractionPool?.close();
  pools.__quarryExtractionPool = undefined;
}
