// Where the API's latency tail comes from (issue 26). Runs one built checkout (TAIL_ROOT, default this one) on a
// fresh PostgreSQL database with scripts/bench/tail-preload.cjs, warms it up at concurrency 32, sends TAIL_SECONDS
// (10) of authenticated GET TAIL_PATH (/api/v1/parsers; /api/health for Next's own route path) at TAIL_CONCURRENCY
// (1), and prints the client's and the server's percentiles, the garbage collections of the window and how many
// of the slowest requests had one inside them. TAIL_V8_FLAGS=--trace-gc-nvp prints V8's line per collection
// (allocated, promoted, pause); TAIL_HEAP_SAMPLE=all adds the bytes allocated per request by source file.
// `tsx --conditions=react-server scripts/bench/api-tail.ts` (the checkout built with `npm run build`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { SourceMap } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { freePort, runSeed, tempDataDir } from "../../tests/support/server";
import { runLoad } from "./load";
import { withDatabase } from "./postgres";

const ROOT = path.resolve(process.env.TAIL_ROOT ?? process.cwd());
const PRELOAD = path.resolve("scripts/bench/tail-preload.cjs");
const SECONDS = Number(process.env.TAIL_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.TAIL_CONCURRENCY ?? 1);
const PATH = process.env.TAIL_PATH ?? "/api/v1/parsers";
const DUMP_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-tail-"));
const GC_KINDS: Record<number, string> = { 1: "scavenge", 2: "minor mark-sweep", 4: "mark-compact", 8: "incremental marking", 16: "weak callbacks" };

type Dump = { timeOrigin: number; requests: [number, number][]; collections: [number, number, number][]; eventLoopDelay: Record<string, number> };
type HeapNode = { callFrame: { url: string; lineNumber: number; columnNumber: number }; selfSize: number; children: HeapNode[] };

const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const summary = (values: number[]) =>
  `n=${values.length} mean=${mean(values).toFixed(2)} p50=${percentile(values, 0.5).toFixed(2)} p90=${percentile(values, 0.9).toFixed(2)} p95=${percentile(values, 0.95).toFixed(2)} p99=${percentile(values, 0.99).toFixed(2)} ms`;

async function waitForFile(file: string): Promise<void> {
  for (let i = 0; i < 200 && !fs.existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300)); // let the write finish
}

async function dump(child: ChildProcess): Promise<Dump> {
  const file = path.join(DUMP_DIR, `dump-${child.pid}.json`);
  fs.rmSync(file, { force: true });
  child.kill("SIGUSR2");
  await waitForFile(file);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Dump;
}

/** Bytes allocated per request by source file, chunk frames mapped back through the build's source maps. */
function allocationsByFile(profileFile: string, requests: number): string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = url.replace("file://", "");
      maps.set(url, file.includes("/.next/") && fs.existsSync(`${file}.map`) ? new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8"))) : null);
    }
    return maps.get(url) ?? null;
  };
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode) => {
    const entry = mapOf(node.callFrame.url)?.findEntry(node.callFrame.lineNumber, node.callFrame.columnNumber);
    const source = entry && "originalSource" in entry ? entry.originalSource.replace(/^.*?(node_modules|lib|app)\//, "$1/") : node.callFrame.url.replace(/^.*node_modules\//, "node_modules/") || "(V8 builtins, generated code)";
    bytes.set(source, (bytes.get(source) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk((JSON.parse(fs.readFileSync(profileFile, "utf8")) as { head: HeapNode }).head);
  const rows = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 20);
  return [`allocated per request: ${(total / requests / 1024).toFixed(0)} KB`, ...rows.map(([source, size]) => `  ${(size / requests / 1024).toFixed(1).padStart(6)} KB ${((100 * size) / total).toFixed(1).padStart(5)} %  ${source}`)].join("\n");
}

async function run(databaseUrl: string): Promise<void> {
  const env = { DATA_DIR: tempDataDir("quarry-tail-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000", WORKER: "off" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, "20"], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (added.status !== 0) throw new Error(added.stderr);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_OPTIONS: `--require ${PRELOAD}`, TAIL_DUMP_DIR: DUMP_DIR, TAIL_PATH: PATH, PORT: String(port), HOST: "127.0.0.1", PUBLIC_BASE_URL: base },
    stdio: ["ignore", process.env.TAIL_V8_FLAGS ? "inherit" : "ignore", "inherit"],
  });
  try {
    for (const deadline = Date.now() + 180_000; !(await fetch(`${base}/api/health`).then((response) => response.ok, () => false)); ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const url = `${base}${PATH}`;
    const headers = { authorization: `Bearer ${team.apiKey}` };
    await runLoad({ url, headers, concurrency: 32, seconds: Number(process.env.TAIL_WARMUP_SECONDS ?? 15) });
    await runLoad({ url, headers, concurrency: CONCURRENCY, seconds: 2 });
    await dump(child); // the window starts here

    // A closed loop like load.ts, keeping each request's start so it can be set beside the server's collections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const client: [number, number][] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const once = () =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        http.get(url, { agent, headers }, (response) => {
          response.resume();
          response.on("end", () => {
            client.push([performance.timeOrigin + started, performance.now() - started]);
            resolve();
          });
        });
      });
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (performance.now() < deadline) await once(); }));
    agent.destroy();
    const window = await dump(child);

    const latencies = client.map(([, latency]) => latency);
    console.log(`${PATH} at concurrency ${CONCURRENCY}, ${new Date().toISOString()}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
    console.log(`client: ${(latencies.length / SECONDS).toFixed(0)} req/s, ${summary(latencies)}`);
    console.log(`server (request event to finish): ${summary(window.requests.map(([, time]) => time))}`);
    console.log(`event loop delay: ${Object.entries(window.eventLoopDelay).map(([key, value]) => `${key} ${value.toFixed(2)}`).join(", ")} ms`);
    const byKind = new Map<string, number[]>();
    for (const [, duration, kind] of window.collections) byKind.set(GC_KINDS[kind] ?? String(kind), [...(byKind.get(GC_KINDS[kind] ?? String(kind)) ?? []), duration]);
    for (const [kind, durations] of byKind) console.log(`gc ${kind}: ${durations.length} (one per ${(latencies.length / durations.length).toFixed(0)} requests), pause mean ${mean(durations).toFixed(2)}, max ${Math.max(...durations).toFixed(2)} ms`);
    // A collection inside a request's client-side window, before or during the server's part, delayed it.
    const collections = window.collections.map(([start, duration]) => [window.timeOrigin + start, duration] as const);
    const hadCollection = ([started, latency]: [number, number]) => collections.some(([start, duration]) => start < started + latency && start + duration > started);
    const p95 = percentile(latencies, 0.95);
    const slow = client.filter(([, latency]) => latency >= p95);
    const withCollection = client.filter(hadCollection);
    const without = client.filter((request) => !hadCollection(request)).map(([, latency]) => latency);
    console.log(`requests at or above the client p95 (${p95.toFixed(2)} ms): ${slow.length}, of them with a collection inside: ${slow.filter(hadCollection).length}`);
    console.log(`requests with a collection inside: ${withCollection.length} (${((100 * withCollection.length) / client.length).toFixed(1)} %); without: ${summary(without)}`);
    if (process.env.TAIL_HEAP_SAMPLE) {
      const profile = path.join(DUMP_DIR, `heap-${child.pid}.json`);
      await waitForFile(profile);
      console.log(allocationsByFile(profile, latencies.length));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

withDatabase(`quarry_tail_${Date.now()}`, run)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(DUMP_DIR, { recursive: true, force: true }));
