import { afterEach, describe, expect, it, vi } from "vitest";

/** A stand-in for the browser's Worker constructor that records what it was asked to start. */
class RecordingWorker {
  static started: { url: string; options: WorkerOptions | undefined }[] = [];
  constructor(url: string, options?: WorkerOptions) {
    RecordingWorker.started.push({ url, options });
  }
}

async function freshWorkerPort() {
  vi.resetModules();
  return (await import("./worker-port")).pdfWorkerPort;
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingWorker.started = [];
});

describe("pdfWorkerPort", () => {
  it("adopts the worker the review page's HTML started (start-pdf-worker.js)", async () => {
    const booted = new RecordingWorker("booted.mjs");
    vi.stubGlobal("Worker", RecordingWorker);
    vi.stubGlobal("window", { Worker: RecordingWorker, __quarryPdfWorker: booted });
    const pdfWorkerPort = await freshWorkerPort();
    expect(pdfWorkerPort()).toBe(booted);
    expect(pdfWorkerPort()).toBe(booted);
    expect(RecordingWorker.started).toHaveLength(1); // only the page's own
  });

  it("starts pdf.js's worker itself, once, when the page did not", async () => {
    vi.stubGlobal("Worker", RecordingWorker);
    vi.stubGlobal("window", { Worker: RecordingWorker });
    const pdfWorkerPort = await freshWorkerPort();
    const port = pdfWorkerPort();
    expect(pdfWorkerPort()).toBe(port);
    expect(RecordingWorker.started).toHaveLength(1);
    expect(RecordingWorker.started[0]!.url).toMatch(/pdf\.worker\.min\.mjs$/);
    expect(RecordingWorker.started[0]!.options).toEqual({ type: "module", name: "pdf.js" });
  });

  it("is null on the server", async () => {
    const pdfWorkerPort = await freshWorkerPort();
    expect(pdfWorkerPort()).toBeNull();
  });
});
