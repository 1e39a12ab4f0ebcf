// Extraction through the product's worker-thread pool (`ExtractionPool`, one thread), document after document as the
// server sends them: the CPU time of the process (the idle main thread's share is small) per page, its peak RSS, and a
// hash of every result, so two settings run in separate processes taking turns can be compared by CPU time and output.
// npx tsx --conditions=react-server scripts/bench/pool-passes.ts [--young MB[,MB…]] [--passes N] [--only pdf|image]
//   [--mode fast|balanced] [--warm 0] [dataset dir …]
// --warm 0 skips the untimed first pass of each pool (a run for peak memory: one setting a process).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { ExtractionPool } from "../../lib/extraction/worker/extraction-pool";
import { FIELDS, MIME, readManifest } from "./dataset";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  const passes = Number(option("--passes") ?? 3);
  const only = option("--only") ?? "pdf";
  const mode = (option("--mode") ?? "fast") as "fast" | "balanced";
  const flags = new Set(["--young", "--passes", "--only", "--mode", "--warm"]);
  const dirs = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith("--") && !flags.has(all[index - 1] ?? ""));
  const sets = dirs.length > 0 ? dirs : ["../shared/datasets/dev", "../shared/datasets/invoices-dev"];
  const documents: { bytes: Uint8Array; mimeType: string; pages: number }[] = [];
  for (const dir of sets) {
    for (const entry of readManifest(dir).documents) {
      const ext = path.extname(entry.document).toLowerCase();
      if ((only === "pdf") !== (ext === ".pdf") || !MIME[ext]) continue;
      const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
      const pages = ext === ".pdf" ? (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount() : 1;
      documents.push({ bytes, mimeType: MIME[ext]!, pages });
    }
  }
  const pageCount = documents.reduce((sum, document) => sum + document.pages, 0);
  // One pool a setting, each one thread; passes taken in turns (A B B A …) so the load falls on each alike.
  const settings = (option("--young") ?? "default").split(",").map((value) => (value === "default" ? undefined : Number(value)));
  const pools = settings.map((youngGenerationMb) => new ExtractionPool({ threads: 1, timeoutMs: 600_000, youngGenerationMb }));
  const pass = async (pool: ExtractionPool) => {
    const hash = createHash("sha256");
    const start = process.cpuUsage();
    for (const document of documents) {
      const result = await pool.run({ bytes: document.bytes.slice(), mimeType: document.mimeType, fields: FIELDS, einvoiceXml: false, settings: { markdownParsing: true, dataExtractionMode: mode } });
      hash.update(JSON.stringify([result.pages, result.data, result.fieldMetadata, result.markdown ?? null]));
    }
    const used = process.cpuUsage(start);
    return { cpuMsPerPage: (used.user + used.system) / 1000 / pageCount, hash: hash.digest("hex").slice(0, 16) };
  };
  if (option("--warm") !== "0") for (const pool of pools) await pass(pool);
  const runs: { cpuMsPerPage: number; hash: string }[][] = pools.map(() => []);
  for (let round = 0; round < passes; round += 1) {
    const order = pools.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) runs[index]!.push(await pass(pools[index]!));
  }
  await Promise.all(pools.map((pool) => pool.close()));
  for (const [index, setting] of settings.entries()) {
    const cpu = runs[index]!.map((run) => run.cpuMsPerPage).sort((a, b) => a - b);
    console.log(JSON.stringify({
      young: setting ?? "default",
      only,
      mode,
      documents: documents.length,
      pages: pageCount,
      cpuMsPerPage: cpu.map((value) => Number(value.toFixed(2))),
      median: Number(cpu[Math.floor(cpu.length / 2)]!.toFixed(2)),
      hashes: [...new Set(runs[index]!.map((run) => run.hash))],
    }));
  }
  console.log(JSON.stringify({ peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), load: os.loadavg()[0]!.toFixed(2) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
