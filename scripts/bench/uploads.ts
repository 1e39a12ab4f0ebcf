// `npm run bench:uploads`: a burst of BENCH_UPLOADS (default 1,000) one-page PDFs uploaded to one parser, BENCH_CONCURRENCY
// (default 16) requests at a time, then waits until every document is final (processed, failed or skipped) and
// counts any that went missing. PGlite by default; BENCH_DATABASE_URL for PostgreSQL. Loopback only, bounded in count and time.
// BENCH_WORKERS=N (PostgreSQL only) runs the server without its inline worker and N `npm run worker` processes beside
// it, as a scaled-out install does; BENCH_INPUT=image uploads rendered receipt photos (read by OCR) instead of
// text-layer PDFs. The report gives pages an hour, in all and per worker process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { killGroup, startWorker, type WorkerProcess } from "../soak/worker-process";

const COUNT = Number(process.env.BENCH_UPLOADS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const INPUT = process.env.BENCH_INPUT === "image" ? "image" : "pdf";
const DEADLINE_MS = 30 * 60 * 1000;

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
    const files = await Promise.all(Array.from({ length: COUNT }, (_, n) => (INPUT === "image" ? receiptPng(n) : invoice(n))));
    const [mimeType, extension] = INPUT === "image" ? ["image/png", "png"] : ["application/pdf", "pdf"];

    const ids: string[] = [];
    let rejected = 0;
    let next = 0;
    const uploadStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COUNT) {
          const n = next++;
          const form = new FormData();
          form.append("file", new Blob([Buffer.from(files[n]!)], { type: mimeType }), `burst-${n}.${extension}`);
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
    console.log(`Quarry upload burst — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${INPUT === "image" ? "receipt photos (OCR)" : "text-layer PDFs"}, ${WORKERS > 0 ? `${WORKERS} worker process(es) beside the server` : "the server's inline worker"}, load at the end ${load}`);
    console.log(`| uploads | accepted | rejected | upload s | uploads/s | all final after s | processed | failed | skipped | documents in parser | lost | pages/hour | pages/hour per worker process |`);
    console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
    console.log(
      `| ${COUNT} | ${ids.length} | ${rejected} | ${uploadSeconds.toFixed(1)} | ${(ids.length / uploadSeconds).toFixed(1)} | ${totalSeconds.toFixed(1)} | ${final.processed} | ${final.failed} | ${final.skipped} | ${all} | ${ids.length - done} | ${Math.round(pagesPerHour)} | ${Math.round(pagesPerHour / processes)} |`,
    );
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
