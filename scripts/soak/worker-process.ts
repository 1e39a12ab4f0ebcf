// A `npm run worker` process (the server's job runner alone, for scale-out on PostgreSQL) started and stopped by the
// soak and benchmark scripts: scripts/soak/fault-run.ts kills and restarts one; scripts/bench/uploads.ts runs several.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

export type WorkerProcess = { child: ChildProcess; ready: Promise<void>; exited: Promise<void> };

/** `npm run worker`'s command, in its own process group, so SIGKILL reaches tsx's child (the real worker) too. */
export function startWorker(env: Record<string, string>, logFile: string): WorkerProcess {
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (output.includes("[worker] ready")) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() - started > 180_000) {
        clearInterval(timer);
        reject(new Error(`worker did not start:\n${output.slice(-2000)}`));
      }
    }, 100);
  });
  return { child, ready, exited };
}

export async function killGroup(worker: WorkerProcess, signal: NodeJS.Signals): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  try {
    process.kill(-worker.child.pid!, signal);
  } catch {
    // already gone
  }
  await worker.exited;
}
