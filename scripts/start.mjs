#!/usr/bin/env node
// `npm start`: build once if there is no build, then serve console + API + MCP with the in-process worker.
// Migrations run inside the server at boot (instrumentation.ts), so a fresh DATA_DIR just works.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("[quarry] no build found: running `next build` once (about a minute)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const child = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", process.env.HOST || "0.0.0.0"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    // Our own SIGTERM handler closes the queue and the database before exiting (see lib/runtime).
    NEXT_MANUAL_SIG_HANDLE: "true",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
