/**
 * Runs once when the server starts, before it answers requests: open the database, apply migrations, start
 * the queue and (WORKER=inline) the workers, and take over SIGTERM/SIGINT so shutdown closes them cleanly.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerRuntime } = await import("./lib/runtime/server");
  await startServerRuntime();
}
