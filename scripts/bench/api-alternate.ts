// Quarry, an earlier build of Quarry and the bare handler under the same conditions on a shared machine: the three
// run at once on one PostgreSQL database and short runs alternate between them (now, before, bare, now, …), so a
// change in the machine's load hits all alike and the ratios to the bare handler are measured side by side.
// `AB_BEFORE_ROOT=/path/to/other/checkout tsx --conditions=react-server scripts/bench/api-alternate.ts` (that checkout
// built with `npm run build`); an authenticated GET /api/v1/parsers at concurrency 1 and 32, AB_ROUNDS (4) rounds of
// AB_SECONDS (5) per server, after AB_WARMUP_SECONDS (15) of load at concurrency 32 for each.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { freePort, runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { runLoad } from "./load";
import { postgresAvailable, withDatabase } from "./postgres";

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const BEFORE_ROOT = process.env.AB_BEFORE_ROOT ?? "";
// Load at concurrency 32 for each server before the first round, as bench:api does (BENCH_API_WARMUP_SECONDS): with
// only the 2 s per concurrency, the rounds at concurrency 1 measured servers still being compiled (req/s rising from
// round 1 to 4 by 1.5×, 2026-11-27).
const WARMUP_SECONDS = Number(process.env.AB_WARMUP_SECONDS ?? 15);

type Served = { name: string; url: string; stop: () => Promise<void> };

/** A process that prints nothing useful: started, polled at `probe` until it answers, stopped with SIGTERM. */
async function serve(name: string, child: ChildProcess, url: string, probe: string): Promise<Served> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await fetch(probe).then((response) => response.status < 500, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { name, url, stop };
}

async function compare(databaseUrl: string): Promise<void> {
  const env = { DATA_DIR: tempDataDir("quarry-alt-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000", WORKER: "off" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const added = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/add-parsers.ts", team.id, "20"], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (added.status !== 0) throw new Error(added.stderr);

  const now = await startServer(env);
  const servers: Served[] = [{ name: "now", url: `${now.baseUrl}/api/v1/parsers`, stop: now.stop }];
  const beforePort = await freePort();
  const before = spawn(process.execPath, [path.join(BEFORE_ROOT, "scripts/start.mjs")], {
    cwd: BEFORE_ROOT,
    env: { ...process.env, ...env, DATA_DIR: tempDataDir("quarry-alt-before-"), PORT: String(beforePort), HOST: "127.0.0.1", PUBLIC_BASE_URL: `http://127.0.0.1:${beforePort}` },
    stdio: "ignore",
  });
  servers.push(await serve("before", before, `http://127.0.0.1:${beforePort}/api/v1/parsers`, `http://127.0.0.1:${beforePort}/api/health`));
  const barePort = await freePort();
  const bare = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/bench/bare-parsers-server.ts"], { env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort) }, stdio: "ignore" });
  const bareUrl = `http://127.0.0.1:${barePort}/api/v1/parsers`;
  servers.push(await serve("bare", bare, bareUrl, bareUrl));

  const headers = { authorization: `Bearer ${team.apiKey}` };
  try {
    console.log("| concurrency | round | now req/s | before req/s | bare req/s | now p95 ms | before p95 ms | bare p95 ms |\n|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const server of servers) if (WARMUP_SECONDS > 0) await runLoad({ url: server.url, headers, concurrency: 32, seconds: WARMUP_SECONDS });
    for (const concurrency of [1, 32]) {
      for (const server of servers) await runLoad({ url: server.url, headers, concurrency, seconds: 2 });
      const totals = servers.map(() => ({ requests: 0, p95: [] as number[] }));
      for (let round = 1; round <= ROUNDS; round++) {
        const results = [];
        for (const server of servers) results.push(await runLoad({ url: server.url, headers, concurrency, seconds: SECONDS }));
        results.forEach((result, index) => {
          totals[index]!.requests += result.requests;
          totals[index]!.p95.push(result.p95);
        });
        console.log(`| ${concurrency} | ${round} | ${results.map((result) => result.rps.toFixed(0)).join(" | ")} | ${results.map((result) => result.p95.toFixed(1)).join(" | ")} |`);
      }
      const [nowTotal, beforeTotal, bareTotal] = totals as [(typeof totals)[0], (typeof totals)[0], (typeof totals)[0]];
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      console.log(
        `| ${concurrency} | all | now ÷ bare ${(nowTotal.requests / bareTotal.requests).toFixed(2)} | before ÷ bare ${(beforeTotal.requests / bareTotal.requests).toFixed(2)} | ` +
          `now ÷ before ${(nowTotal.requests / beforeTotal.requests).toFixed(2)} | median p95 now ÷ bare ${(median(nowTotal.p95) / median(bareTotal.p95)).toFixed(1)}× | ` +
          `before ÷ bare ${(median(beforeTotal.p95) / median(bareTotal.p95)).toFixed(1)}× | |`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function main() {
  if (!BEFORE_ROOT) throw new Error("AB_BEFORE_ROOT: the checkout of the earlier build to compare with");
  if (!(await postgresAvailable())) throw new Error("PostgreSQL is not reachable at BENCH_POSTGRES_ADMIN_URL");
  console.log(`API alternation — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}\n`);
  await withDatabase(`quarry_alt_${Date.now()}`, compare);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
