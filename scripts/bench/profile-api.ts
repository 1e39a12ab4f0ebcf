// `tsx --conditions=react-server scripts/bench/profile-api.ts`: the load of `npm run bench:api` (an authenticated
// GET /api/v1/parsers at concurrency 32) against `npm start` on PostgreSQL with V8's CPU profiler on, then the profile
// of the server process broken down per request stage (scripts/bench/profile-stages.ts). PostgreSQL is the
// machine's server (BENCH_POSTGRES_ADMIN_URL); a throwaway database is created and dropped. PROFILE_SECONDS (15) of
// load, after a 3 s warm-up that is profiled too (its share is small and the stages are the same).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { runLoad } from "./load";
import { postgresAvailable, withDatabase } from "./postgres";
import { summariseProfile, type CpuProfile } from "./profile-stages";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 32);

async function profile(databaseUrl: string): Promise<void> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-cpu-prof-"));
  const env = { DATA_DIR: tempDataDir("quarry-prof-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, "20"], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (added.status !== 0) throw new Error(added.stderr);
  // The server process (and its worker threads) write their profiles when they exit (scripts/start.mjs).
  const spawnedAt = performance.now();
  const server = await startServer({ ...env, QUARRY_CPU_PROF_DIR: profileDir });
  const url = `${server.baseUrl}/api/v1/parsers`;
  const headers = { authorization: `Bearer ${team.apiKey}` };
  let window = { fromMs: 0, toMs: 0 };
  let requests = 0;
  try {
    await runLoad({ url, headers, concurrency: CONCURRENCY, seconds: 3 });
    // The profile's clock starts when the server process does, a few milliseconds after the spawn: the window is
    // the measured load, give or take that.
    const fromMs = performance.now() - spawnedAt;
    const load = await runLoad({ url, headers, concurrency: CONCURRENCY, seconds: SECONDS });
    window = { fromMs, toMs: performance.now() - spawnedAt };
    requests = load.requests;
    console.log(`load: ${load.requests} requests in ${load.seconds.toFixed(1)} s (${load.rps.toFixed(0)} req/s, p95 ${load.p95.toFixed(1)} ms) at concurrency ${CONCURRENCY}`);
  } finally {
    await server.stop();
  }
  // The server is the process that sampled the most.
  const profiles = fs.readdirSync(profileDir).map((name) => path.join(profileDir, name));
  const largest = profiles.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!largest) throw new Error(`no profile written in ${profileDir}`);
  console.log(`profile: ${largest}\n`);
  console.log(summariseProfile(JSON.parse(fs.readFileSync(largest, "utf8")) as CpuProfile, window, requests));
}

async function main() {
  if (!(await postgresAvailable())) throw new Error("PostgreSQL is not reachable at BENCH_POSTGRES_ADMIN_URL");
  console.log(`Quarry API profile — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  await withDatabase(`quarry_profile_${Date.now()}`, profile);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
