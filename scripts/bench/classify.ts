/**
 * Routing benchmark: the invoices and receipts of a dataset folder (../shared/datasets README format) mixed
 * together and classified against two routing labels, "Invoice" and "Receipt", the way a classifier does it
 * (pages read by the engine, then classifyPages). Prints accuracy, a confusion table, per-source and per-input
 * accuracy, and throughput (reading pages included, and classification alone).
 *
 *   npm run bench:classify -- [dataset dir] [--verbose] [--llm]
 *
 * Truth: SROIE scans and documents whose ground-truth notes call them a receipt are receipts; the rest
 * (ZUGFeRD and invoice2data invoices) are invoices. Offline by default; --llm uses LLM_BASE_URL when set.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { classifyPages, extractDocument, serverExtractionSettings, labelsWithInstructions, type PageModel } from "../../lib/extraction";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { llmOptionsFromEnv } from "../../lib/extraction/llm/llm-provider";

type Manifest = { documents: Array<{ id: string; document: string; ground_truth: string }> };
type Label = "Invoice" | "Receipt";

const MIME: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };
const LABELS = labelsWithInstructions(["Invoice", "Receipt"]);

function truthOf(id: string, notes: unknown): Label {
  if (id.startsWith("sroie/")) return "Receipt";
  const text = Array.isArray(notes) ? notes.join(" ") : String(notes ?? "");
  return /\breceipt\b/i.test(text) ? "Receipt" : "Invoice";
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const useLlm = args.includes("--llm");
  const dir = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? "../shared/datasets/dev");
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  const documents = manifest.documents.filter((entry) => MIME[path.extname(entry.document).toLowerCase()]);

  type Row = { id: string; source: string; input: string; truth: Label; predicted: string | null; score: number; reason: string; loadMs: number; classifyMs: number };
  const rows: Row[] = [];
  const started = performance.now();
  for (const entry of documents) {
    const gt = JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as { notes?: unknown };
    const extension = path.extname(entry.document).toLowerCase();
    const t0 = performance.now();
    const pages: PageModel = (
      await extractDocument({ ...serverExtractionSettings(), bytes: new Uint8Array(readFileSync(path.join(dir, entry.document))), mimeType: MIME[extension]!, fileName: entry.document, fields: [], settings: { markdownParsing: false } })
    ).pages;
    const t1 = performance.now();
    const verdict = await classifyPages(pages, LABELS, { llm: useLlm ? llmOptionsFromEnv() : null });
    const t2 = performance.now();
    rows.push({ id: entry.id, source: entry.id.split("/")[0]!, input: extension === ".pdf" ? "pdf" : "image", truth: truthOf(entry.id, gt.notes), predicted: verdict.label, score: verdict.score, reason: verdict.reason, loadMs: t1 - t0, classifyMs: t2 - t1 });
    if (verbose) console.log(`${verdict.label === truthOf(entry.id, gt.notes) ? "ok  " : "MISS"} ${entry.id}: ${verdict.label ?? "none"} (${verdict.score}) ${verdict.reason}`);
  }
  const totalMs = performance.now() - started;
  await terminateOcr();

  const correct = (subset: Row[]) => subset.filter((row) => row.predicted === row.truth).length;
  const line = (name: string, subset: Row[]) => `${name.padEnd(16)} ${String(subset.length).padStart(3)} docs  accuracy ${(correct(subset) / Math.max(subset.length, 1)).toFixed(3)} (${correct(subset)}/${subset.length})`;
  console.log(`\nRouting benchmark, ${useLlm ? "LLM" : "offline"} classifier, labels Invoice / Receipt, ${dir}\n`);
  console.log(line("overall", rows));
  for (const source of [...new Set(rows.map((row) => row.source))]) console.log(line(source, rows.filter((row) => row.source === source)));
  for (const input of ["pdf", "image"]) console.log(line(input, rows.filter((row) => row.input === input)));
  console.log("\nconfusion (truth → predicted):");
  for (const truth of ["Invoice", "Receipt"] as const) {
    const of = rows.filter((row) => row.truth === truth);
    const counts = ["Invoice", "Receipt", null].map((label) => `${label ?? "none"} ${of.filter((row) => row.predicted === label).length}`);
    console.log(`  ${truth.padEnd(8)} → ${counts.join(", ")}`);
  }
  const misses = rows.filter((row) => row.predicted !== row.truth);
  if (misses.length > 0) {
    console.log("\nmisclassified:");
    for (const row of misses) console.log(`  ${row.id}: truth ${row.truth}, got ${row.predicted ?? "none"} (${row.score}) ${row.reason}`);
  }
  const classifyMs = rows.reduce((sum, row) => sum + row.classifyMs, 0);
  const sumBy = (input: string) => rows.filter((row) => row.input === input).reduce((sum, row) => sum + row.loadMs + row.classifyMs, 0) / Math.max(rows.filter((row) => row.input === input).length, 1);
  console.log(`\nthroughput: ${(rows.length / (totalMs / 1000)).toFixed(2)} documents/s end to end (${(totalMs / 1000).toFixed(1)} s, pages read by the engine, one process)`);
  console.log(`  per document: PDF ${sumBy("pdf").toFixed(0)} ms, image (OCR) ${sumBy("image").toFixed(0)} ms; classification alone ${(classifyMs / rows.length).toFixed(2)} ms (${(rows.length / (classifyMs / 1000)).toFixed(0)} documents/s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
