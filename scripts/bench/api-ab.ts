// An A/B of two server configurations under the same conditions on a shared machine: both servers run at once on
// one PostgreSQL database, and short runs alternate between them (A, B, A, B, …), so a change in the machine's load
// hits both alike. `tsx --conditions=react-server scripts/bench/api-ab.ts` compares API_KEY_CACHE on (A) and off (B)
// for an authenticated GET /api/v1/parsers at concurrency 1 and 32; AB_ROUNDS (4) pairs of AB_SECONDS (5) each.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { runLoad } from "./load";
import { postgresAvailable, withDatabase } from "./postgres";

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);

async function compare(databaseUrl: string): Promise<void> {
  const env = { DATA_DIR: tempDataDir("quarry-ab-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, "20"], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (added.status !== 0) throw new Error(added.stderr);
  const a = await startServer({ ...env, WORKER: "off" });
  const b = await startServer({ ...env, WORKER: "off", API_KEY_CACHE: "off" });
  const headers = { authorization: `Bearer ${team.apiKey}` };
  try {
    console.log("| concurrency | round | cache on req/s | cache off req/s | on p95 ms | off p95 ms |\n|---:|---:|---:|---:|---:|---:|");
    for (const concurrency of [1, 32]) {
      for (const server of [a, b]) await runLoad({ url: `${server.baseUrl}/api/v1/parsers`, headers, concurrency, seconds: 2 });
      const totals = { on: 0, off: 0 };
      for (let round = 1; round <= ROUNDS; round++) {
        const on = await runLoad({ url: `${a.baseUrl}/api/v1/parsers`, headers, concurrency, seconds: SECONDS });
        const off = await runLoad({ url: `${b.baseUrl}/api/v1/parsers`, headers, concurrency, seconds: SECONDS });
        totals.on += on.requests;
        totals.off += off.requests;
        console.log(`| ${concurrency} | ${round} | ${on.rps.toFixed(0)} | ${off.rps.toFixed(0)} | ${on.p95.toFixed(1)} | ${off.p95.toFixed(1)} |`);
      }
      console.log(`| ${concurrency} | all | ${(totals.on / (ROUNDS * SECONDS)).toFixed(0)} | ${(totals.off / (ROUNDS * SECONDS)).toFixed(0)} | on ÷ off = ${(totals.on / totals.off).toFixed(2)} | |`);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

async function main() {
  if (!(await postgresAvailable())) throw new Error("PostgreSQL is not reachable at BENCH_POSTGRES_ADMIN_URL");
  console.log(`API-key cache A/B — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}\n`);
  await withDatabase(`quarry_ab_${Date.now()}`, compare);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
