// CommonJS on purpose: the bootstrap must require() tsx's hook before anything else loads (see eslint.config.mjs).
// Worker-thread bootstrap: registers tsx's CommonJS hook so the TypeScript engine can load inside the thread
// (pdfjs, ESM-only, then loads through Node 20's require(esm)). A compiled build can point the pool at a plain JS module
// instead (see `workerFile` in extraction-pool.ts).
require("tsx/cjs/api").register();
// tsx turns Node's source maps on. Node then reads, parses and keeps the map of every module the engine loads (pdf.js
// alone ships 8 MB of them, and tsx adds one per TypeScript file): measured, a pool of one thread after 40 one-page
// PDFs held 289 MB RSS with them off against 353 MB on, at the same time per document (issue 26, memory). Stack traces
// from the thread then point into the transpiled code, unless Node was started with --enable-source-maps.
const sourceMapsAsked = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes("--enable-source-maps");
process.setSourceMapsEnabled(sourceMapsAsked);
module.exports = require("./extraction-task.ts").default;
