"use client";

/**
 * The pdf.js worker, started by the workspace's own code as soon as it runs in the browser, not by the viewer
 * once its large chunk has downloaded: the worker (a 1 MB script to compile) then boots while that chunk loads.
 * One worker serves every document of the tab.
 */
let port: Worker | null = null;

export function pdfWorkerUrl(): URL {
  return new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url);
}

export function pdfWorkerPort(): Worker | null {
  if (typeof window === "undefined" || typeof Worker === "undefined") return null;
  // Not written `new Worker(new URL(...))`: the bundler would rebuild pdf.js's worker as a worker entry of its own.
  // Through another name it starts the file pdf.js ships, as a module worker, exactly as pdf.js itself would.
  const PdfJsWorker = window.Worker;
  port ??= new PdfJsWorker(pdfWorkerUrl().toString(), { type: "module", name: "pdf.js" });
  return port;
}
