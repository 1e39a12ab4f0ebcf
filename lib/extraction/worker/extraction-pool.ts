import path from "node:path";
import { Piscina } from "piscina";
// sharp (libvips) decodes large JPEGs in the threads (loaders/ocr/jpeg-scaled.ts). Loaded here on the main thread
// first, as sharp asks of worker-thread use: a thread this pool terminates (a timed-out or hostile document) then
// cannot unload the shared library under the others.
import "sharp";
import { inNativeRun, newRunControl, requestStop, type RunControl } from "../ocr/paddle/run-guard";
import type { ExtractionInput, ExtractionResult } from "../types";
import type { ExtractionTask } from "./extraction-task";

export type ExtractionPoolOptions = {
  /** Worker threads; default: one per core, at most 4. */
  threads?: number;
  /** Per-document limit; the thread running a document that exceeds it is terminated. */
  timeoutMs?: number;
  /** Heap limit per thread, so a hostile document kills its thread, not the server. */
  maxHeapMb?: number;
  /** Module the threads load; defaults to the tsx bootstrap next to this file. */
  workerFile?: string;
  /** V8's young generation per thread in MB (`resourceLimits.maxYoungGenerationSizeMb`); a benchmark's setting. */
  youngGenerationMb?: number;
};

export class ExtractionTimeoutError extends Error {}
export class ExtractionCrashError extends Error {}

const DEFAULT_TIMEOUT_MS = 120_000;
/** How long a timed-out document may take to leave a native ONNX call before its thread is terminated anyway. */
const NATIVE_RUN_GRACE_MS = 30_000;

/**
 * Stops a timed-out document: asks it to stop before its next native call, waits until none is in flight (a
 * recognition run takes well under a second), then terminates its thread through the abort signal.
 */
async function stopThenAbort(control: RunControl, controller: AbortController): Promise<void> {
  requestStop(control);
  const deadline = Date.now() + NATIVE_RUN_GRACE_MS;
  while (inNativeRun(control) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  controller.abort();
}

/**
 * pdfjs throws its own exception classes, which are not Errors; across the thread boundary they arrive as plain
 * objects, and String() of one is "[object Object]". Their `message` is what the document's error should say.
 */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}

/**
 * Runs extractions in a kept pool of worker threads (piscina), never on the caller's thread. A document that hangs
 * past its timeout or exhausts its heap ends as an error and its thread is replaced; the process stays up.
 */
/** V8's young generation of an extraction thread: Node's default on 64-bit (three 16 MB semi-spaces' worth). */
const EXTRACTION_YOUNG_GENERATION_MB = 48;

export class ExtractionPool {
  private readonly pool: Piscina<ExtractionTask, ExtractionResult>;
  private readonly timeoutMs: number;

  constructor(options: ExtractionPoolOptions = {}) {
    const threads = options.threads ?? 2;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pool = new Piscina({
      filename: options.workerFile ?? path.join(process.cwd(), "lib/extraction/worker/extraction-worker.cjs"),
      // No thread kept at idle: a thread that has extracted holds the engine (pdf.js, OCR models, the ONNX runtime:
      // a few hundred MB), which a server with nothing to extract should give back. After a minute without work the
      // threads end; the next document waits for one to start and load the engine (measured: 6.6 s for the first
      // one-page PDF in a new thread against 0.5–0.9 s in a warm one, at load average 12) — once per quiet spell.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // The young generation is set here rather than inherited: the server starts with a large one for its request
      // path (scripts/start.mjs), which threads would copy, holding up to three times that each for nothing they need.
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024, maxYoungGenerationSizeMb: options.youngGenerationMb ?? EXTRACTION_YOUNG_GENERATION_MB },
    });
  }

  async run(input: ExtractionInput): Promise<ExtractionResult> {
    const timeoutMs = input.settings?.timeoutMs ?? this.timeoutMs;
    const controller = new AbortController();
    const control = newRunControl();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stopThenAbort(control, controller);
    }, timeoutMs);
    try {
      return await this.pool.run({ input, control }, { signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new ExtractionTimeoutError(`Extraction timed out after ${timeoutMs} ms`);
      const message = errorMessage(error);
      if (/out of memory|ERR_WORKER_OUT_OF_MEMORY|exited/i.test(message)) throw new ExtractionCrashError(`Extraction worker crashed: ${message}`);
      throw error instanceof Error ? error : new Error(message);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
