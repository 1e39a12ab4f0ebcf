// `npm run worker`: a worker process only, for scaling out on PostgreSQL. PGlite admits one process, so
// there the server's inline worker is the worker.
import { env } from "@/lib/env";
import { boot, installShutdownHandlers } from "@/lib/runtime";

if (!env().DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server's inline worker does the work.");
  process.exit(2);
}

const runtime = boot({ workers: true });
installShutdownHandlers(runtime);
runtime
  .then(() => console.log("[worker] ready: processing jobs until SIGTERM"))
  .catch((error: unknown) => {
    console.error("[worker] could not start:", error);
    process.exit(1);
  });
