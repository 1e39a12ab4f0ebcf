import { EventEmitter } from "node:events";
import type { Page } from "@playwright/test";
import { describe, expect, it } from "vitest";
import { watchRequests } from "./quiet-network";

/** Playwright's page is an event emitter of request events; this one is driven by the test. */
function pageEmitter(): { page: Page; emit: (event: string, request: object) => void } {
  const emitter = new EventEmitter();
  return { page: emitter as unknown as Page, emit: (event, request) => emitter.emit(event, request) };
}

describe("watchRequests", () => {
  it("waits for a request started before the call to end, then for the quiet period", async () => {
    const { page, emit } = pageEmitter();
    const requests = watchRequests(page);
    const request = {};
    emit("request", request);
    const started = Date.now();
    setTimeout(() => emit("requestfinished", request), 150);
    await requests.quiet({ quietMs: 100, timeoutMs: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("counts a failed request as ended", async () => {
    const { page, emit } = pageEmitter();
    const requests = watchRequests(page);
    const request = {};
    emit("request", request);
    emit("requestfailed", request);
    const started = Date.now();
    await requests.quiet({ quietMs: 50, timeoutMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("gives up at the timeout while a request never ends", async () => {
    const { page, emit } = pageEmitter();
    const requests = watchRequests(page);
    emit("request", {});
    const started = Date.now();
    await requests.quiet({ quietMs: 50, timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
