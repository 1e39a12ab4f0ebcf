// `npm run bench:api`: starts the real server, seeds, adds parsers, and measures an authenticated
// GET /api/v1/parsers at concurrency 1 and 32, on PGlite and (when reachable) on PostgreSQL.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../tests/support/server";
import { runLoad } from "./bench/load";
import { postgresAvailable, withDatabase } from "./bench/postgres";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARSERS = 20;


async function bench(backend: string, databaseUrl: string) {
  const env = { DATA_DIR: tempDataDir("quarry-bench-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, [path.join("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, String(PARSERS)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(added.stderr);
  const server = await startServer(env);
  try {
    const headers = { authorization: `Bearer ${team.apiKey}` };
    const listed = (await (await fetch(`${server.baseUrl}/api/v1/parsers`, { headers })).json()) as { data: unknown[] };
    if (listed.data.length !== PARSERS) throw new Error(`expected ${PARSERS} parsers, got ${listed.data.length}`);
    const rows = [];
    for (const concurrency of [1, 32]) {
      await runLoad({ url: `${server.baseUrl}/api/v1/parsers`, headers, concurrency, seconds: 2 }); // warm-up
      const result = await runLoad({ url: `${server.baseUrl}/api/v1/parsers`, headers, concurrency, seconds: SECONDS });
      rows.push({ backend, concurrency, ...result });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`Quarry API benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`);
  console.log(`GET /api/v1/parsers (authenticated, rate limit counted), ${SECONDS} s per run\n`);
  const rows = await bench("PGlite", "");
  if (await postgresAvailable()) rows.push(...(await withDatabase(`quarry_bench_${Date.now()}`, (url) => bench("PostgreSQL", url))));
  else console.log("(PostgreSQL not reachable at BENCH_POSTGRES_ADMIN_URL: skipped)\n");
  console.log("| backend | concurrency | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const non2xx = Object.entries(row.statuses).filter(([status]) => !status.startsWith("2")).reduce((sum, [, n]) => sum + n, 0);
    console.log(`| ${row.backend} | ${row.concurrency} | ${row.requests} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${non2xx} | ${row.errors} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
