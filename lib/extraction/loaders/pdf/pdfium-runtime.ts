import { readFileSync } from "node:fs";
import path from "node:path";
import type { WrappedPdfiumModule } from "@embedpdf/pdfium";

/**
 * PDFium compiled to WebAssembly (@embedpdf/pdfium, MIT), for reading a PDF's text layer with real per-character
 * positions. The wasm is read from node_modules at run time (never downloaded) and the library initialised once per
 * process (per worker thread: each has its own module instance); pdfjs stays in charge of everything else.
 */
export type Pdfium = WrappedPdfiumModule;

let pdfiumPromise: Promise<Pdfium> | null = null;

const wasmPath = () => path.join(process.cwd(), "node_modules/@embedpdf/pdfium/dist/pdfium.wasm");

async function startPdfium(): Promise<Pdfium> {
  // Imported on first use: with the default reader (pdfjs) a worker thread never loads PDFium's glue code.
  const { init } = await import("@embedpdf/pdfium");
  const wasm = readFileSync(wasmPath());
  const pdfium = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  pdfium.PDFiumExt_Init();
  return pdfium;
}

export function loadPdfium(): Promise<Pdfium> {
  pdfiumPromise ??= startPdfium().catch((error: unknown) => {
    pdfiumPromise = null;
    throw error;
  });
  return pdfiumPromise;
}

export type PdfTextReader = "pdfjs" | "pdfium" | "pdfium-runs";

/**
 * Which library reads a PDF's text layer: `PDF_TEXT_READER=pdfium` picks PDFium with each word's own width,
 * `pdfium-runs` PDFium with pdfjs's proportional widths (pdfium-runs.ts); anything else keeps pdfjs.
 */
export function pdfTextReader(): PdfTextReader {
  const asked = process.env.PDF_TEXT_READER?.trim().toLowerCase();
  return asked === "pdfium" || asked === "pdfium-runs" ? asked : "pdfjs";
}

/** The wasm memory's views (Emscripten exports them; the package's types leave them to @types/emscripten). */
type Heaps = { HEAPU8: Uint8Array; HEAPF32: Float32Array; HEAPF64: Float64Array };

/** Fetched on every use: a growing wasm memory replaces the views. */
export function heaps(pdfium: Pdfium): Heaps {
  return pdfium.pdfium as unknown as Heaps;
}
