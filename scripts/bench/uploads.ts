// `npm run bench:uploads`: a burst of BENCH_UPLOADS (default 1,000) one-page PDFs uploaded to one parser, BENCH_CONCURRENCY
// (default 16) requests at a time, then waits until every document is final (processed, failed or skipped) and
// counts any that went missing. PGlite by default; BENCH_DATABASE_URL for PostgreSQL. Loopback only, bounded in count and time.
import os from "node:os";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";

const COUNT = Number(process.env.BENCH_UPLOADS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
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

async function main() {
  const env = { DATA_DIR: tempDataDir("quarry-bench-uploads-"), DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const key = parseSeedOutput(seeded.stdout).teams[0]!.apiKey;
  const server = await startServer(env);
  const headers = { authorization: `Bearer ${key}` };
  try {
    const created = await fetch(`${server.baseUrl}/api/v1/parsers`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Burst", fields: [{ name: "invoiceNumber", type: "text" }, { name: "total", type: "currency" }] }),
    });
    const parserId = ((await created.json()) as { id: string }).id;
    const files = await Promise.all(Array.from({ length: COUNT }, (_, n) => invoice(n)));

    const ids: string[] = [];
    let rejected = 0;
    let next = 0;
    const uploadStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COUNT) {
          const n = next++;
          const form = new FormData();
          form.append("file", new Blob([Buffer.from(files[n]!)], { type: "application/pdf" }), `burst-${n}.pdf`);
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

    console.log(`Quarry upload burst — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
    console.log(`| uploads | accepted | rejected | upload s | uploads/s | all final after s | processed | failed | skipped | documents in parser | lost |`);
    console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
    console.log(
      `| ${COUNT} | ${ids.length} | ${rejected} | ${uploadSeconds.toFixed(1)} | ${(ids.length / uploadSeconds).toFixed(1)} | ${totalSeconds.toFixed(1)} | ${final.processed} | ${final.failed} | ${final.skipped} | ${all} | ${ids.length - done} |`,
    );
    if (done < ids.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
