/** pdfjs-dist ships no types for its worker bundle; it is only imported for its side effect (globalThis.pdfjsWorker). */
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
