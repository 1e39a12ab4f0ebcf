// Diagnostic preload for scripts/bench/api-tail.ts (never loaded by the product): records each request's time inside
// the server (from Node's `request` event to the response's `finish`) for paths starting with TAIL_PATH, every
// garbage collection (perf_hooks), and the event loop's delay; SIGUSR2 writes them to
// `${TAIL_DUMP_DIR}/dump-<pid>.json` and starts a new window. TAIL_V8_FLAGS are set at start (e.g. `--trace-gc-nvp`,
// which Node refuses in NODE_OPTIONS); TAIL_HEAP_SAMPLE=all samples every allocation of the window (V8's sampling heap
// profiler, objects collected by GC included) into `heap-<pid>.json`.
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const v8 = require("node:v8");
const { performance, PerformanceObserver, monitorEventLoopDelay } = require("node:perf_hooks");

if (process.env.TAIL_V8_FLAGS) v8.setFlagsFromString(process.env.TAIL_V8_FLAGS);
const dir = process.env.TAIL_DUMP_DIR ?? "/tmp";
const prefix = process.env.TAIL_PATH ?? "/api/v1/parsers";
const MAX_RECORDS = 400_000;
const requests = [];
const collections = [];
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push([entry.startTime, entry.duration, entry.detail?.kind ?? 0]);
}).observe({ entryTypes: ["gc"] });

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === "request" && request.url?.startsWith(prefix)) {
    const started = performance.now();
    response.on("finish", () => {
      if (requests.length < MAX_RECORDS) requests.push([started, performance.now() - started]);
    });
  }
  return emit.apply(this, arguments);
};

let session = null;
if (process.env.TAIL_HEAP_SAMPLE) {
  session = new (require("node:inspector").Session)();
  session.connect();
}
let sampling = false;

process.on("SIGUSR2", () => {
  const ms = (ns) => ns / 1e6;
  const eventLoopDelay = { mean: ms(delay.mean), p50: ms(delay.percentile(50)), p95: ms(delay.percentile(95)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  fs.writeFileSync(path.join(dir, `dump-${process.pid}.json`), JSON.stringify({ timeOrigin: performance.timeOrigin, requests, collections, eventLoopDelay }));
  requests.length = 0;
  collections.length = 0;
  delay.reset();
  if (!session) return;
  if (!sampling) {
    const all = process.env.TAIL_HEAP_SAMPLE === "all";
    session.post("HeapProfiler.startSampling", { samplingInterval: 2048, includeObjectsCollectedByMajorGC: all, includeObjectsCollectedByMinorGC: all });
    sampling = true;
  } else {
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `heap-${process.pid}.json`), JSON.stringify(result.profile));
    });
    sampling = false;
  }
});
