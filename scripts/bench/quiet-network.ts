import type { Page, Request } from "@playwright/test";

/**
 * Watches a page's requests from now on; `quiet()` resolves once none has been in flight for `quietMs` (or after
 * `timeoutMs`). Unlike Playwright's "networkidle" load state, it also covers what a page asks for after it has
 * loaded (server actions, router prefetches, files fetched ahead) and after client-side navigations.
 */
export function watchRequests(page: Page): { quiet: (options?: { quietMs?: number; timeoutMs?: number }) => Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on("request", (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    quiet: async ({ quietMs = 500, timeoutMs = 15_000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
