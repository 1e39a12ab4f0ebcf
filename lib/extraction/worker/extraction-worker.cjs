/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bootstrap must use require() to register the TypeScript hook first */
// Worker-thread bootstrap: registers tsx's CommonJS hook so the TypeScript engine can load inside the thread
// (pdfjs, ESM-only, then loads through Node 20's require(esm)). A compiled build can point the pool at a plain JS module
// instead (see `workerFile` in extraction-pool.ts).
require("tsx/cjs/api").register();
module.exports = require("./extraction-task.ts").default;
