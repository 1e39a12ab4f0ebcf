// `npm run bench:uploads`: a burst of BENCH_UPLOADS (default 1,000) one-page PDFs uploaded to one parser, BENCH_CONCURRENCY
// (default 16) requests at a time, then waits until every document is final (processed, failed or skipped) and
// counts any that went missing. PGlite by default; BENCH_DATABASE_URL for PostgreSQL. Loopback only, bounded in count and time.
// BENCH_WORKERS=N (PostgreSQL only) runs the server without its inline worker and N `npm run worker` processes beside
// it, as a scaled-out install does; BENCH_INPUT=image uploads rendered receipt photos (read by OCR) instead of
// text-layer PDFs, and BENCH_FILES=<folder> the folder's PDFs and images, cycled (real documents: their page models and
// values are the size real ones are). The report gives pages an hour, in all and per worker process, and what the burst
// added to the database and to file storage, per document.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import pg from "pg";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { killGroup, startWorker, type WorkerProcess } from "../soak/worker-process";

const COUNT = Number(process.env.BENCH_UPLOADS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const INPUT = process.env.BENCH_INPUT === "image" ? "image" : "pdf";
const DEADLINE_MS = 30 * 60 * 1000;
const FILES = process.env.BENCH_FILES ?? "";
const MIME: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

type Upload = { bytes: Uint8Array; name: string; mimeType: string };

/** BENCH_FILES' documents (walked recursively, sorted), cycled to `count` uploads. */
function folderUploads(folder: string, count: number): Upload[] {
  const found = (fs.readdirSync(folder, { recursive: true }) as string[]).filter((file) => MIME[path.extname(file).toLowerCase()]).sort();
  if (found.length === 0) throw new Error(`BENCH_FILES: no PDF or image under ${folder}`);
  return Array.from({ length: count }, (_, n) => {
    const file = found[n % found.length]!;
    return { bytes: fs.readFileSync(path.join(folder, file)), name: `${n}-${path.basename(file)}`, mimeType: MIME[path.extname(file).toLowerCase()]! };
  });
}

/** Bytes under a folder (0 when it does not exist). */
function folderBytes(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  return (fs.readdirSync(folder, { recursive: true }) as string[]).reduce((sum, file) => {
    const stat = fs.statSync(path.join(folder, file));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);
}

/**
 * The database's size and its largest tables: PostgreSQL's own accounting, or for the embedded database its folder
 * (everything in DATA_DIR but the stored files).
 */
async function databaseBytes(dataDir: string, url: string): Promise<{ total: number; tables: Map<string, number> }> {
  if (!url) {
    const total = fs.readdirSync(dataDir).filter((entry) => entry !== "files").reduce((sum, entry) => sum + folderBytes(path.join(dataDir, entry)), 0);
    return { total, tables: new Map() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A checkpoint-free estimate is enough: sizes come from the relations' files, including TOAST and indexes.
    const total = Number((await client.query<{ size: string }>("select pg_database_size(current_database()) as size")).rows[0]!.size);
    const rows = (
      await client.query<{ name: string; size: string }>(
        "select n.nspname || '.' || c.relname as name, pg_total_relation_size(c.oid) as size from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')",
      )
    ).rows;
    return { total, tables: new Map(rows.map((row) => [row.name, Number(row.size)])) };
  } finally {
    await client.end();
  }
}

async function invoice(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Burst Supplies GmbH", `Invoice Number: BURST-${String(n).padStart(5, "0")}`, "Invoice Date: 2024-07-01", `Total: ${(n % 900) + 10}.00 EUR`].forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }),
  );
  return pdf.save();
}

/** A till receipt photo with its own number and total: what OCR reads in an image upload. */
function receiptPng(n: number): Uint8Array {
  const canvas = createCanvas(600, 900);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 600, 900);
  ctx.fillStyle = "#111";
  ctx.font = "28px sans-serif";
  ["Burst Corner Shop", `Receipt No R-${String(n).padStart(5, "0")}`, "Date 01/07/2024", "Coffee        3.20", "Sandwich      5.40", `TOTAL        ${(n % 90) + 10}.60`].forEach((line, index) =>
    ctx.fillText(line, 40, 80 + index * 60),
  );
  return canvas.toBuffer("image/png");
}

async function main() {
  const dataDir = tempDataDir("quarry-bench-uploads-");
  const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  if (WORKERS > 0 && !env.DATABASE_URL) throw new Error("BENCH_WORKERS needs BENCH_DATABASE_URL: the embedded database admits one process");
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const key = parseSeedOutput(seeded.stdout).teams[0]!.apiKey;
  const server = await startServer(WORKERS > 0 ? { ...env, WORKER: "off" } : env);
  // Server and workers share AUTH_SECRET (secrets at rest are encrypted with a key derived from it).
  const workerEnv = { ...env, AUTH_SECRET: fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8") };
  const workers: WorkerProcess[] = Array.from({ length: WORKERS }, (_, index) => startWorker(workerEnv, path.join(dataDir, `worker-${index}.log`)));
  const headers = { authorization: `Bearer ${key}` };
  try {
    await Promise.all(workers.map((worker) => worker.ready));
    const created = await fetch(`${server.baseUrl}/api/v1/parsers`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Burst", fields: [{ name: "invoiceNumber", type: "text" }, { name: "total", type: "currency" }] }),
    });
    const parserId = ((await created.json()) as { id: string }).id;
    const uploads: Upload[] = FILES
      ? folderUploads(FILES, COUNT)
      : await Promise.all(
          Array.from({ length: COUNT }, async (_, n) =>
            INPUT === "image" ? { bytes: receiptPng(n), name: `burst-${n}.png`, mimeType: "image/png" } : { bytes: await invoice(n), name: `burst-${n}.pdf`, mimeType: "application/pdf" },
          ),
        );
    const storedBefore = { database: await databaseBytes(dataDir, env.DATABASE_URL), files: folderBytes(path.join(dataDir, "files")) };

    const ids: string[] = [];
    let rejected = 0;
    let next = 0;
    const uploadStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COUNT) {
          const n = next++;
          const form = new FormData();
          const upload = uploads[n]!;
          form.append("file", new Blob([Buffer.from(upload.bytes)], { type: upload.mimeType }), upload.name);
          const response = await fetch(`${server.baseUrl}/api/v1/process/${parserId}/files`, { method: "POST", headers, body: form });
          if (response.ok) ids.push(((await response.json()) as { result: { id: string }[] }).result[0]!.id);
          else rejected += 1;
        }
      }),
    );
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;

    const count = async (status: string) =>
      ((await (await fetch(`${server.baseUrl}/api/v1/parsers/${parserId}/documents?status=${status}&limit=1`, { headers })).json()) as { pagination: { total: number } }).pagination.total;
    let final = { processed: 0, failed: 0, skipped: 0 };
    while (performance.now() - uploadStarted < DEADLINE_MS) {
      final = { processed: await count("processed"), failed: await count("failed"), skipped: await count("skipped") };
      if (final.processed + final.failed + final.skipped >= ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const totalSeconds = (performance.now() - uploadStarted) / 1000;
    const all = ((await (await fetch(`${server.baseUrl}/api/v1/parsers/${parserId}/documents?limit=1`, { headers })).json()) as { pagination: { total: number } }).pagination.total;
    const done = final.processed + final.failed + final.skipped;

    // One-page documents: pages an hour is documents an hour, over the whole burst (uploads and extraction overlap).
    const pagesPerHour = (final.processed * 3600) / totalSeconds;
    const processes = Math.max(WORKERS, 1);
    const load = os.loadavg().map((value) => value.toFixed(1)).join(" ");
    const storedAfter = { database: await databaseBytes(dataDir, env.DATABASE_URL), files: folderBytes(path.join(dataDir, "files")) };
    console.log(`Quarry upload burst — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${FILES ? `the documents of ${FILES}` : INPUT === "image" ? "receipt photos (OCR)" : "text-layer PDFs"}, ${WORKERS > 0 ? `${WORKERS} worker process(es) beside the server` : "the server's inline worker"}, load at the end ${load}`);
    console.log(`| uploads | accepted | rejected | upload s | uploads/s | all final after s | processed | failed | skipped | documents in parser | lost | ${FILES ? "documents/hour | documents/hour" : "pages/hour | pages/hour"} per worker process |`);
    console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
    console.log(
      `| ${COUNT} | ${ids.length} | ${rejected} | ${uploadSeconds.toFixed(1)} | ${(ids.length / uploadSeconds).toFixed(1)} | ${totalSeconds.toFixed(1)} | ${final.processed} | ${final.failed} | ${final.skipped} | ${all} | ${ids.length - done} | ${Math.round(pagesPerHour)} | ${Math.round(pagesPerHour / processes)} |`,
    );
    const perDocument = (bytes: number) => `${(bytes / Math.max(1, ids.length) / 1024).toFixed(1)} KB`;
    const uploadedBytes = uploads.slice(0, ids.length).reduce((sum, upload) => sum + upload.bytes.length, 0);
    console.log(
      `\nStorage per accepted document: database +${perDocument(storedAfter.database.total - storedBefore.database.total)}, files +${perDocument(storedAfter.files - storedBefore.files)} (the uploads themselves ${perDocument(uploadedBytes)})`,
    );
    const grown = [...storedAfter.database.tables]
      .map(([name, size]) => ({ name, grew: size - (storedBefore.database.tables.get(name) ?? 0) }))
      .filter((table) => table.grew > 0)
      .sort((a, b) => b.grew - a.grew)
      .slice(0, 8);
    for (const table of grown) console.log(`  ${table.name}: +${perDocument(table.grew)}`);
    if (done < ids.length) process.exitCode = 1;
  } finally {
    await Promise.all(workers.map((worker) => killGroup(worker, "SIGTERM")));
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
