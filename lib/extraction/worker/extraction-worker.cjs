// CommonJS on purpose: the bootstrap must require() tsx's hook before anything else loads (see eslint.config.mjs).
// Worker-thread bootstrap: registers tsx's CommonJS hook so the TypeScript engine can load inside the thread
// (pdfjs, ESM-only, then loads through Node 20's require(esm)). A compiled build can point the pool at a plain JS module
// instead (see `workerFile` in extraction-pool.ts).
require("tsx/cjs/api").register();
module.exports = require("./extraction-task.ts").default;
