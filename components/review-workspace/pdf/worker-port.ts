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
  // The URL is built apart from `new Worker(...)`: the bundler must ship pdf.js's worker file as it is, not
  // bundle it as a worker entry of its own.
  const url = pdfWorkerUrl();
  port ??= new Worker(url, { type: "module", name: "pdf.js" });
  return port;
}
