// `npm run bench:documents`: seeds one parser with BENCH_DOCUMENTS (default 100,000) documents with extracted data,
// starts the real server, and prints p50/p95 of list and search requests, on PGlite and (when reachable) PostgreSQL.
// Targets (issue 5): p95 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite.
import { spawnSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { postgresAvailable, withDatabase } from "./postgres";

const COUNT = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",");


type Probe = { label: string; method: "GET" | "POST"; path: string; body?: unknown };

/** One request at a time over a keep-alive connection; every latency kept. Checks each answer is a 200. */
async function measure(baseUrl: string, apiKey: string, probe: Probe): Promise<{ p50: number; p95: number; total: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<{ ms: number; status: number; body: string }>((resolve, reject) => {
      const payload = probe.body === undefined ? undefined : JSON.stringify(probe.body);
      const t0 = performance.now();
      const request = http.request(
        `${baseUrl}${probe.path}`,
        { method: probe.method, agent, headers: { authorization: `Bearer ${apiKey}`, ...(payload ? { "content-type": "application/json" } : {}) } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ ms: performance.now() - t0, status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
  const latencies: number[] = [];
  let total = 0;
  for (let i = 0; i < REQUESTS + 10; i++) {
    const result = await once();
    if (result.status !== 200) throw new Error(`${probe.label}: ${result.status} ${result.body.slice(0, 300)}`);
    if (i < 10) {
      total = (JSON.parse(result.body) as { pagination: { total: number } }).pagination.total;
      continue; // warm-up
    }
    latencies.push(result.ms);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p95: at(0.95), total };
}

async function bench(backend: string, databaseUrl: string) {
  const env = { DATA_DIR: tempDataDir("quarry-bench-docs-"), DATABASE_URL: databaseUrl, WORKER: "off", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  console.log(`[${backend}] seeding ${COUNT} documents…`);
  const added = spawnSync(process.execPath, [path.join("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/bench/seed-documents.ts", team.id, String(COUNT)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 60 * 60 * 1000,
  });
  if (added.status !== 0) throw new Error(`seeding failed: ${added.stdout}`);
  const { parserId, folderIds, seconds } = JSON.parse(added.stdout.trim().split("\n").at(-1)!) as { parserId: string; folderIds: string[]; seconds: number };
  console.log(`[${backend}] seeded in ${seconds.toFixed(1)} s`);
  const server = await startServer(env);
  try {
    const base = `/api/v1/parsers/${parserId}/documents`;
    const probes: Probe[] = [
      { label: "list, default sort", method: "GET", path: base },
      { label: "list, page 100", method: "GET", path: `${base}?page=100` },
      { label: "list, folder filter", method: "GET", path: `${base}?folderId=${folderIds[2]}` },
      { label: "list, status filter (failed)", method: "GET", path: `${base}?status=failed` },
      { label: "list, q on name", method: "GET", path: `${base}?q=invoice-00421` },
      { label: "list, sort name.asc", method: "GET", path: `${base}?sort=name.asc` },
      { label: "search, q on an extracted value (vendor)", method: "POST", path: `${base}/search`, body: { q: "wonka" } },
      { label: "search, q on an extracted value (invoice no.)", method: "POST", path: `${base}/search`, body: { q: "inv-0042173" } },
      { label: "search, q on a table cell (sku)", method: "POST", path: `${base}/search`, body: { q: "sku-1234" } },
      { label: "search, field filter vendor eq", method: "POST", path: `${base}/search`, body: { filters: [{ field: "vendor", operator: "eq", value: "Initech" }] } },
      { label: "search, field filter items.sku eq", method: "POST", path: `${base}/search`, body: { filters: [{ field: "items.sku", operator: "eq", value: "SKU-0042" }] } },
      { label: "search, field filter total gt", method: "POST", path: `${base}/search`, body: { filters: [{ field: "total", operator: "gt", value: 9990 }] } },
    ];
    const rows = [];
    for (const probe of probes) rows.push({ backend, label: probe.label, ...(await measure(server.baseUrl, team.apiKey, probe)) });
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`Quarry documents benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average at start ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  console.log(`${COUNT} documents in one parser; ${REQUESTS} sequential requests per probe after 10 warm-up requests\n`);
  const rows = [];
  if (BACKENDS.includes("pglite")) rows.push(...(await bench("PGlite", "")));
  if (BACKENDS.includes("postgres")) {
    if (await postgresAvailable()) rows.push(...(await withDatabase(`quarry_bench_docs_${Date.now()}`, (url) => bench("PostgreSQL", url))));
    else console.log("(PostgreSQL not reachable at BENCH_POSTGRES_ADMIN_URL: skipped)\n");
  }
  console.log("\n| backend | request | matches | p50 ms | p95 ms |");
  console.log("|---|---|---:|---:|---:|");
  for (const row of rows) console.log(`| ${row.backend} | ${row.label} | ${row.total} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
