import "server-only";
import { env } from "@/lib/env";
import { watchApiKeyChanges } from "@/lib/services/api-keys";
import { getRuntime, installShutdownHandlers } from "./index";

/** Boot for the web server process; a process with an invalid configuration, or that cannot open or migrate its database, exits at once. */
export async function startServerRuntime(): Promise<void> {
  try {
    // Inside the try: an invalid configuration throws at once (env() in getRuntime), and must stop the process too
    // rather than leave a server that answers every request with a 500.
    const runtime = getRuntime();
    installShutdownHandlers(runtime);
    const ready = await runtime;
    // Once per process, before the first request: the key cache's LISTEN connection (it reconnects by itself).
    watchApiKeyChanges(ready.handle);
    console.log(`[quarry] ready: ${ready.handle.kind} database, worker ${ready.workers ? "inline" : "off"}`);
    // The addresses agents and integrations use; OAuth discovery answers at each configured one (PUBLIC_BASE_URLS).
    const { publicBaseUrls } = env();
    console.log(`[quarry] console and REST API: ${publicBaseUrls[0]} (OpenAPI: ${publicBaseUrls[0]}/api/v1/openapi.json)`);
    console.log(`[quarry] MCP server URL for agents: ${publicBaseUrls.map((url) => `${url}/mcp`).join(" or ")}`);
  } catch (error) {
    console.error("[quarry] could not start:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
