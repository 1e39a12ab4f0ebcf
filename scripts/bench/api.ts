// `npm run bench:api`: starts the real server, seeds, adds parsers, and measures an authenticated
// GET /api/v1/parsers at concurrency 1 and 32, on PGlite and (when reachable) on PostgreSQL. On PostgreSQL it then
// runs the same load against a bare node:http + pg handler doing the same SQL on the same database
// (scripts/bench/bare-parsers-server.ts) and prints Quarry's share of that floor. BENCH_API_NEXT_FLOOR=1 also measures
// a Next.js app of one route handler answering Quarry's body as a constant (scripts/bench/next-floor.ts): the most
// any route handler of this Next.js serves here, against the same bare handler.
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { freePort, runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { runLoad, type LoadResult } from "./load";
import { buildFloorApp, startFloorApp } from "./next-floor";
import { postgresAvailable, withDatabase } from "./postgres";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARSERS = 20;
const CONCURRENCIES = [1, 32];
// BENCH_API_PGLITE=off skips the PGlite runs (the ratio to the floor is measured on PostgreSQL only).
const PGLITE = process.env.BENCH_API_PGLITE !== "off";
// BENCH_API_PROCESSES=1,2 also measures Quarry on PostgreSQL with WEB_CONCURRENCY=2 (scripts/start.mjs).
const PROCESSES = (process.env.BENCH_API_PROCESSES ?? "1").split(",").map(Number);
// BENCH_API_KEY_CACHE_OFF=1 also measures one process with the API-key cache switched off (API_KEY_CACHE=off).
const KEY_CACHE_OFF = process.env.BENCH_API_KEY_CACHE_OFF === "1";
const NEXT_FLOOR = process.env.BENCH_API_NEXT_FLOOR === "1";
// Every server under test (Quarry, the bare handler, the Next.js floor) first serves this many seconds of load at
// concurrency 32 before anything is measured: a server that has just started runs its request path in V8's
// interpreter and baseline code until the optimising compiler has seen enough calls (measured at concurrency 1 on
// freshly started servers, load 8–10: Quarry's CPU per request fell from 6.3 to 3.5 ms over its first 40 s of load,
// the bare handler's from 1.7 to 0.8 ms). With only the 2 s warm-up before each run, the concurrency-1 run, the first,
// measured both still warming up; a server in production has long since warmed up. The same for every server.
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 15);

type Row = { backend: string; concurrency: number } & LoadResult;

async function measureAll(backend: string, url: string, headers: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  if (WARMUP_SECONDS > 0) await runLoad({ url, headers, concurrency: 32, seconds: WARMUP_SECONDS });
  for (const concurrency of CONCURRENCIES) {
    await runLoad({ url, headers, concurrency, seconds: 2 }); // warm-up
    rows.push({ backend, concurrency, ...(await runLoad({ url, headers, concurrency, seconds: SECONDS })) });
  }
  return rows;
}

/** The bare handler on the same database and key, in its own process like the server. */
async function benchBare(databaseUrl: string, apiKey: string): Promise<Row[]> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join("node_modules/tsx/dist/cli.mjs"), "scripts/bench/bare-parsers-server.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
      child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/api/v1/parsers`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const listed = (await (await fetch(url, { headers })).json()) as { data: unknown[] };
    if (listed.data.length !== PARSERS) throw new Error(`bare handler: expected ${PARSERS} parsers, got ${listed.data.length}`);
    return await measureAll("bare node:http + pg", url, headers);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

/** The trivial Next.js route handler answering `body`, in its own process (scripts/bench/next-floor.ts). */
async function benchNextFloor(body: string): Promise<Row[]> {
  const dir = process.env.BENCH_API_NEXT_FLOOR_DIR || buildFloorApp(process.cwd());
  const floor = await startFloorApp(dir, await freePort(), body);
  try {
    return await measureAll("Next.js route handler, constant body", `${floor.baseUrl}/api/v1/parsers`, {});
  } finally {
    await floor.stop();
  }
}

type Seeded = { env: Record<string, string>; apiKey: string };

function seed(databaseUrl: string): Seeded {
  const env = { DATA_DIR: tempDataDir("quarry-bench-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, [path.join("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, String(PARSERS)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(added.stderr);
  return { env, apiKey: team.apiKey };
}

async function bench(backend: string, seeded: Seeded, processes = 1, extraEnv: Record<string, string> = {}) {
  const { env, apiKey } = seeded;
  const server = await startServer({ ...env, WEB_CONCURRENCY: String(processes), ...extraEnv });
  try {
    const headers = { authorization: `Bearer ${apiKey}` };
    const listed = (await (await fetch(`${server.baseUrl}/api/v1/parsers`, { headers })).json()) as { data: unknown[] };
    if (listed.data.length !== PARSERS) throw new Error(`expected ${PARSERS} parsers, got ${listed.data.length}`);
    return { rows: await measureAll(backend, `${server.baseUrl}/api/v1/parsers`, headers), body: JSON.stringify(listed) };
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`Quarry API benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average at start ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  console.log(`GET /api/v1/parsers (authenticated, rate limit counted), ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up per server\n`);
  const rows = PGLITE ? (await bench("PGlite", seed(""))).rows : [];
  const bare: Row[] = [];
  if (await postgresAvailable()) {
    await withDatabase(`quarry_bench_${Date.now()}`, async (url) => {
      const seeded = seed(url);
      if (KEY_CACHE_OFF) rows.push(...(await bench("PostgreSQL, key cache off", seeded, 1, { API_KEY_CACHE: "off" })).rows);
      let body = "";
      for (const processes of PROCESSES) {
        const result = await bench(processes === 1 ? "PostgreSQL" : `PostgreSQL, ${processes} processes`, seeded, processes);
        rows.push(...result.rows);
        body = result.body;
      }
      if (NEXT_FLOOR) rows.push(...(await benchNextFloor(body)));
      // After the server has stopped, so the two never share the cores.
      bare.push(...(await benchBare(url, seeded.apiKey)));
    });
  } else console.log("(PostgreSQL not reachable at BENCH_POSTGRES_ADMIN_URL: skipped)\n");
  console.log("| backend | concurrency | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of [...rows, ...bare]) {
    const non2xx = Object.entries(row.statuses).filter(([status]) => !status.startsWith("2")).reduce((sum, [, n]) => sum + n, 0);
    console.log(`| ${row.backend} | ${row.concurrency} | ${row.requests} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${non2xx} | ${row.errors} |`);
  }
  if (bare.length > 0) {
    console.log("\nQuarry on PostgreSQL against the bare handler (same SQL, same database, same key):");
    console.log("| Quarry | concurrency | Quarry req/s | bare req/s | Quarry ÷ bare req/s | Quarry p95 ms | bare p95 ms | Quarry ÷ bare p95 |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const floor of bare) {
      for (const quarry of rows.filter((row) => (row.backend.startsWith("PostgreSQL") || row.backend.startsWith("Next.js")) && row.concurrency === floor.concurrency)) {
        console.log(`| ${quarry.backend} | ${floor.concurrency} | ${quarry.rps.toFixed(0)} | ${floor.rps.toFixed(0)} | ${(quarry.rps / floor.rps).toFixed(2)} | ${quarry.p95.toFixed(1)} | ${floor.p95.toFixed(1)} | ${(quarry.p95 / floor.p95).toFixed(1)}× |`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
