// `npm run bench:exports`: seeds one parser with BENCH_EXPORT_DOCUMENTS (default 10,000) documents with extracted
// data, a two-row table and engine-shaped sources, starts the real server, and exports them in every format, with
// and without sources, printing the time to the first byte and to the last, the file size and the server's memory
// (resident set of its process tree, sampled every 50 ms: before, and the peak while the export ran). On PGlite
// and (when reachable) PostgreSQL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { postgresAvailable, withDatabase } from "./postgres";
import { treeRss } from "./tree-rss";

const COUNT = Number(process.env.BENCH_EXPORT_DOCUMENTS ?? 10_000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",");
const FORMATS = ["json", "xml", "csv", "xlsx"] as const;
const MB = 1024 * 1024;


type Result = { firstByteMs: number; totalMs: number; bytes: number; status: number; body: Buffer | null };

/** One export over HTTP, read as fast as it comes; keeps the body only when asked (to check the JSON's count). */
function runExport(baseUrl: string, key: string, parserId: string, body: unknown, keep: boolean): Promise<Result> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const t0 = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    const chunks: Buffer[] = [];
    const request = http.request(
      `${baseUrl}/api/v1/parsers/${parserId}/export`,
      { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        response.on("data", (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - t0;
          bytes += chunk.byteLength;
          if (keep || response.statusCode !== 200) chunks.push(chunk);
        });
        response.on("end", () => resolve({ firstByteMs, totalMs: performance.now() - t0, bytes, status: response.statusCode ?? 0, body: chunks.length ? Buffer.concat(chunks) : null }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

async function bench(backend: string, databaseUrl: string) {
  const env = { DATA_DIR: tempDataDir("quarry-bench-exports-"), DATABASE_URL: databaseUrl, WORKER: "off", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  console.log(`[${backend}] seeding ${COUNT} documents…`);
  const added = spawnSync(process.execPath, [path.join("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/bench/seed-export-documents.ts", team.id, String(COUNT)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 60 * 60 * 1000,
  });
  if (added.status !== 0) throw new Error(`seeding failed: ${added.stdout}`);
  const { parserId, seconds } = JSON.parse(added.stdout.trim().split("\n").at(-1)!) as { parserId: string; seconds: number };
  console.log(`[${backend}] seeded in ${seconds.toFixed(1)} s`);
  const server = await startServer(env);
  const rows = [];
  try {
    // One small export first, so route compilation and connection set-up are not counted in the first row.
    await runExport(server.baseUrl, team.apiKey, parserId, { format: "json", status: "rejected" }, false);
    for (const includeSources of [false, true]) {
      for (const format of FORMATS) {
        const before = treeRss(server.process.pid!);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.process.pid!))), 50);
        const result = await runExport(server.baseUrl, team.apiKey, parserId, { format, includeSources }, format === "json");
        clearInterval(sampler);
        peak = Math.max(peak, treeRss(server.process.pid!));
        if (result.status !== 200) throw new Error(`${format}: ${result.status} ${result.body?.toString("utf8").slice(0, 300)}`);
        if (format === "json") {
          const documents = (JSON.parse(result.body!.toString("utf8")) as { documents: unknown[] }).documents.length;
          if (documents !== COUNT) throw new Error(`json export has ${documents} documents, expected ${COUNT}`);
        }
        rows.push({ backend, format, includeSources, ...result, before, peak });
        console.log(`[${backend}] ${format}${includeSources ? " + sources" : ""}: ${(result.totalMs / 1000).toFixed(2)} s, ${(result.bytes / MB).toFixed(1)} MB`);
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  console.log(`Quarry exports benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  console.log(`${COUNT} documents in one parser (5 scalar fields, a table of 2 rows × 4 columns each); one export at a time\n`);
  const rows = [];
  if (BACKENDS.includes("pglite")) rows.push(...(await bench("PGlite", "")));
  if (BACKENDS.includes("postgres")) {
    if (await postgresAvailable()) rows.push(...(await withDatabase(`quarry_bench_exports_${Date.now()}`, (url) => bench("PostgreSQL", url))));
    else console.log("(PostgreSQL not reachable at BENCH_POSTGRES_ADMIN_URL: skipped)\n");
  }
  console.log("\n| backend | format | sources | first byte ms | total s | size MB | server RSS before MB | server RSS peak MB |");
  console.log("|---|---|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.backend} | ${row.format} | ${row.includeSources ? "yes" : "no"} | ${row.firstByteMs.toFixed(0)} | ${(row.totalMs / 1000).toFixed(2)} | ${(row.bytes / MB).toFixed(1)} | ${(row.before / MB).toFixed(0)} | ${(row.peak / MB).toFixed(0)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
