import path from "node:path";

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

export function loadPdfjs(): Promise<PdfjsModule> {
  installPolyfills();
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

export const standardFontDataUrl = path.join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");
