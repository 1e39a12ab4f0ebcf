import path from "node:path";
import { bufferedDecompressionStream } from "./pdf-decompression";
import { installSumPreciseFastPath } from "./pdf-sum-precise";
import { patchTextChunkCopies } from "./pdf-text-chunks";

/** pdfjs 6 on Node 20 needs these ES2024 features; installing them once before the first import is enough. */
function installPolyfills(): void {
  const promiseCtor = Promise as unknown as { withResolvers?: unknown };
  if (typeof promiseCtor.withResolvers !== "function") {
    Object.defineProperty(Promise, "withResolvers", {
      configurable: true,
      writable: true,
      value: function withResolvers<T>() {
        let resolve!: (value: T | PromiseLike<T>) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new Promise<T>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        return { promise, resolve, reject };
      },
    });
  }
  const proto = ArrayBuffer.prototype as unknown as { transferToFixedLength?: unknown };
  if (typeof proto.transferToFixedLength !== "function") {
    Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
      configurable: true,
      writable: true,
      value: function transferToFixedLength(this: ArrayBuffer, length?: number) {
        const size = length ?? this.byteLength;
        const copy = new ArrayBuffer(size);
        new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
        return copy;
      },
    });
  }
}

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsPromise: Promise<PdfjsModule> | null = null;

/**
 * Built-ins that the core-js bundled in pdfjs's legacy build replaces on Node 20 with JavaScript versions, for edge
 * cases nothing here relies on (`push()` with no argument on a frozen length, JSON.rawJSON and reviver source
 * text). The replacements are process-wide and slow: the polyfilled `Array.prototype.push` alone took about a
 * tenth of a text-layer extraction, in pdfjs's own code and in ours. The natives are put back once pdfjs is loaded.
 */
const REPLACED_BUILT_INS: ReadonlyArray<readonly [object, string]> = [
  [Array.prototype, "push"],
  [JSON, "parse"],
  [JSON, "stringify"],
];

async function importPdfjs(): Promise<PdfjsModule> {
  const natives = REPLACED_BUILT_INS.map(([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const);
  try {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    // pdfjs would import its worker (run in this thread on Node) on the first document, polyfilling again: load it
    // now, before the natives are restored. It registers itself as globalThis.pdfjsWorker, where pdfjs looks first.
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    installSumPreciseFastPath();
    await skipTextChunkCopies(pdfjs);
    return pdfjs;
  } finally {
    for (const [owner, key, descriptor] of natives) if (descriptor) Object.defineProperty(owner, key, descriptor);
  }
}

/**
 * The in-thread worker's port class is pdfjs's own and not exported: one worker is started to reach it, its
 * postMessage wrapped (pdf-text-chunks.ts), and the worker stopped. Every document's worker uses the same class.
 */
async function skipTextChunkCopies(pdfjs: PdfjsModule): Promise<void> {
  const worker = new pdfjs.PDFWorker();
  try {
    await worker.promise;
    // Only the in-thread port (a real worker's MessagePort does not clone through the global structuredClone).
    const port: unknown = worker.port;
    if (typeof port === "object" && port !== null && port.constructor.name === "LoopbackPort") patchTextChunkCopies(Object.getPrototypeOf(port));
  } finally {
    worker.destroy();
  }
}

let decompressionInstalled = false;

/** pdfjs inflates through the global DecompressionStream; see pdf-decompression.ts for why it gets a buffered one. */
function installBufferedDecompression(): void {
  if (decompressionInstalled || typeof globalThis.DecompressionStream !== "function") return;
  globalThis.DecompressionStream = bufferedDecompressionStream(globalThis.DecompressionStream);
  decompressionInstalled = true;
}

export function loadPdfjs(): Promise<PdfjsModule> {
  installPolyfills();
  installBufferedDecompression();
  pdfjsPromise ??= importPdfjs();
  return pdfjsPromise;
}

export const standardFontDataUrl = path.join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");
