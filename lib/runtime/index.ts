import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrateDatabase, openDatabase, ping, type DatabaseHandle, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { registerJobs, startWorkers, stopWorkers } from "@/lib/jobs/registry";
import { startQueue, type Queue } from "@/lib/jobs/queue";
import { stopWatchingApiKeyChanges } from "@/lib/services/api-keys";

/**
 * The process's shared state: the database, the queue and (WORKER=inline) the workers. Kept on globalThis
 * because Next duplicates module state across server chunks.
 */
export type Runtime = {
  handle: DatabaseHandle;
  db: Db;
  queue: Queue;
  workers: boolean;
  version: string;
  /** A round trip to the database, for health checks. */
  ping: () => Promise<void>;
  shutdown: () => Promise<void>;
};

type RuntimeGlobal = { __quarryRuntime?: Promise<Runtime> };
const store = globalThis as RuntimeGlobal;

export const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
})();

export function getRuntime(): Promise<Runtime> {
  store.__quarryRuntime ??= boot({ workers: env().WORKER === "inline" }).catch((error: unknown) => {
    store.__quarryRuntime = undefined; // let a later call retry rather than caching the failure
    throw error;
  });
  return store.__quarryRuntime;
}

export async function boot(options: { workers: boolean }): Promise<Runtime> {
  const config = env();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    const queue = await startQueue(handle, { supervise: true });
    await registerJobs(queue);
    if (options.workers) await startWorkers(queue, handle.db);
    // Mail is taken where jobs run (the worker process, or the server with WORKER=inline): a web-only process
    // leaves the port to it, so two processes of one deployment never compete for it.
    // Loaded only then: the SMTP server and the MIME parser are memory a process without SMTP_PORT need not hold.
    const inbound =
      options.workers && config.SMTP_PORT
        ? await (await import("@/lib/email")).startInboundEmail({ db: handle.db, queue, port: config.SMTP_PORT, domain: config.INBOUND_DOMAIN })
        : null;
    if (inbound) console.log(`[quarry] inbound e-mail on port ${inbound.port} for *@${config.INBOUND_DOMAIN}`);
    let stopping: Promise<void> | undefined;
    return {
      handle,
      db: handle.db,
      queue,
      workers: options.workers,
      version: VERSION,
      ping: () => ping(handle),
      shutdown: () =>
        (stopping ??= (async () => {
          await inbound?.close().catch((error: unknown) => console.error("[shutdown] inbound e-mail", error));
          await queue.stop().catch((error: unknown) => console.error("[shutdown] queue", error));
          await stopWorkers().catch((error: unknown) => console.error("[shutdown] extraction pool", error));
          stopWatchingApiKeyChanges();
          await handle.close();
        })()),
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** SIGTERM/SIGINT: let workers finish the job in hand, close the queue and the database, then exit. */
export function installShutdownHandlers(runtime: Promise<Runtime>): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    console.log(`[quarry] ${signal}: shutting down`);
    runtime
      .then((r) => r.shutdown())
      .catch((error: unknown) => console.error("[quarry] shutdown", error))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
