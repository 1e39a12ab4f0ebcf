import "server-only";
import { getRuntime, installShutdownHandlers } from "./index";

/** Boot for the web server process; a process that cannot open or migrate its database exits at once. */
export async function startServerRuntime(): Promise<void> {
  const runtime = getRuntime();
  installShutdownHandlers(runtime);
  try {
    const ready = await runtime;
    console.log(`[quarry] ready: ${ready.handle.kind} database, worker ${ready.workers ? "inline" : "off"}`);
  } catch (error) {
    console.error("[quarry] could not start:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
