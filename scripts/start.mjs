#!/usr/bin/env node
// `npm start`: build once if there is no build, then serve console + API + MCP with the in-process worker.
// Migrations run inside the server at boot (instrumentation.ts), so a fresh DATA_DIR just works.
import { spawn, spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// V8's young generation (its semi-space, in MB). An API request allocates ~0.6 MB, most of it Next's route runtime and
// the response's validation; with Node's default semi-space of 16 MB a scavenge (2–3 ms with the server paused) lands
// on one request in ~20, which is the whole of the API's p95 at concurrency 1 (measured with scripts/bench/api-tail.ts; the story is in the commit history). At 24 MB
// it is one in ~30, out of the p95; 32 and 64 MB measured no better there and held ~70 and ~150 MB more under the
// soak (the young generation stays full-size while requests come). Node reads the size
// only at start; a --max-semi-space-size of your own (NODE_OPTIONS or the command line) wins.
const YOUNG_GENERATION_MB = 24;
const youngGenerationArgs = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((arg) => arg.startsWith("--max-semi-space-size"))
  ? []
  : [`--max-semi-space-size=${YOUNG_GENERATION_MB}`];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("[quarry] no build found: running `next build` once (about a minute)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
// How long an idle keep-alive connection stays open: 65 s, not Node's 5 s. A client reuses an idle connection for its
// next request; if the server closes it just as the client starts writing, the request dies with EPIPE or a reset,
// and a POST is not retried. That race needs the client to sit idle past the server's timeout, which a client
// preparing a large upload (an MCP client base64-encoding 100 MB blocks its event loop for seconds) or a load
// balancer with the usual 60 s idle timeout does. The server's timeout must outlast theirs.
const nextStartArgs = ["start", "-p", port, "-H", host, "--keepAliveTimeout", "65000"];
// QUARRY_CPU_PROF_DIR: each server process writes a V8 CPU profile there when it exits (Node refuses --cpu-prof in
// NODE_OPTIONS); scripts/bench/profile-api.ts uses it.
const profileArgs = process.env.QUARRY_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.QUARRY_CPU_PROF_DIR}`] : [];
const serverEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  // Our own SIGTERM handler closes the queue and the database before exiting (see lib/runtime).
  NEXT_MANUAL_SIG_HANDLE: "true",
};

// WEB_CONCURRENCY=N (default 1) serves with N processes sharing the port (node:cluster hands each new connection
// to the next process), so the server uses more than one core. PostgreSQL only: PGlite's data directory belongs to
// one process. The first process runs the in-process worker (WORKER); the others only serve requests.
const processes = Number.parseInt(process.env.WEB_CONCURRENCY || "1", 10);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(`[quarry] WEB_CONCURRENCY must be a whole number from 1 to 64, not "${process.env.WEB_CONCURRENCY}"`);
  process.exit(1);
}
if (processes > 1 && !process.env.DATABASE_URL) {
  console.error("[quarry] WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded database serves one process");
  process.exit(1);
}

if (processes === 1 && profileArgs.length === 0 && youngGenerationArgs.length > 0 && typeof process.execve === "function") {
  // This process is replaced by one with the young generation's flag: same pid, signals and output, no second process.
  // Node before 22.15 has no execve and serves with its default young generation.
  process.execve(process.execPath, [process.execPath, ...youngGenerationArgs, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)]);
}

if (processes === 1 && profileArgs.length === 0) {
  // One process: Next runs in this one, not in a child. A second Node process only to wait for the first costs
  // ~45 MB of resident memory for nothing (bench:memory). Signals reach the server's own handlers directly.
  Object.assign(process.env, serverEnv);
  process.chdir(root);
  process.argv = [process.execPath, nextBin, ...nextStartArgs];
  createRequire(import.meta.url)(nextBin);
} else if (processes === 1) {
  // With the CPU profiler: Node takes --cpu-prof on its command line only, so Next runs in a child that has it.
  const child = spawn(process.execPath, [...profileArgs, ...youngGenerationArgs, nextBin, ...nextStartArgs], { cwd: root, stdio: "inherit", env: serverEnv });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  serveCluster(processes);
}

function serveCluster(count) {
  cluster.setupPrimary({ exec: nextBin, args: nextStartArgs, execArgv: [...profileArgs, ...youngGenerationArgs], cwd: root });
  let stopping = false;
  const fork = (index) => {
    const env = { ...serverEnv, QUARRY_PROCESS_INDEX: String(index) };
    if (index > 0) {
      env.WORKER = "off";
      env.SMTP_PORT = ""; // inbound mail is taken where jobs run (fork() adds to process.env, so blank, not deleted)
    }
    const worker = cluster.fork(env);
    worker.on("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      // A process that died is replaced, after a pause so a crash at boot does not spin.
      console.error(`[quarry] server process ${index} exited (${signal ?? code}); starting another`);
      setTimeout(() => fork(index), 1000).unref();
    });
  };
  for (let index = 0; index < count; index++) fork(index);
  console.log(`[quarry] serving with ${count} processes (WEB_CONCURRENCY)`);
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(signal);
    });
  }
}
