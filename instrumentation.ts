/**
 * Runs once when the server starts, before it answers requests: open the database, apply migrations, start
 * the queue and (WORKER=inline) the workers, and take over SIGTERM/SIGINT so shutdown closes them cleanly.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before the first request: throttles by client address need the socket's address (lib/http/client-address.ts).
  const { installPeerAddressStamp } = await import("./lib/http/client-address");
  installPeerAddressStamp();
  const { startServerRuntime } = await import("./lib/runtime/server");
  await startServerRuntime();
}
