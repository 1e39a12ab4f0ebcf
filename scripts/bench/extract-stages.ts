/**
 * Text-layer speed per stage (`npm run bench:extract -- --stages [dataset dir …] [--runs N] [--mode fast|balanced]`):
 * every PDF of the given sets (default dev and invoices-dev) merged three times into one document in memory, extracted
 * end to end (fields, tables, markdown) in one process, one pass after another. Per mode it prints pages/s (median
 * of the warm passes, wall clock, and the process's CPU time), the ratio to `pdftotext -layout` on the same bytes,
 * and each stage's own CPU time in ms per page (lib/extraction/stage-timing.ts: nested stages are charged to
 * themselves, so the rows add up to the pass's CPU time), so a change's cost and its gain show in the same run. CPU
 * time, unlike the wall clock, does not count the time other processes held the core.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { extractDocument, serverExtractionSettings } from "../../lib/extraction";
import { openPdf } from "../../lib/extraction/loaders/pdf/pdf-text-layer";
import { pdfTextReader } from "../../lib/extraction/loaders/pdf/pdfium-runtime";
import { closePdfium, openPdfium, readPdfiumWords } from "../../lib/extraction/loaders/pdf/pdfium-text-layer";
import { startStageRecording, stopStageRecording } from "../../lib/extraction/stage-timing";
import { FIELDS, readManifest } from "./dataset";

const DEFAULT_SETS = ["../shared/datasets/dev", "../shared/datasets/invoices-dev"];
const ROUNDS = 3;
const DEFAULT_RUNS = 7;

type Run = { ms: number; cpuMs: number; stages: Map<string, number> };

async function mergedPdf(sets: string[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const dir of sets) {
      for (const entry of readManifest(dir).documents.filter((d) => d.document.toLowerCase().endsWith(".pdf"))) {
        const source = await PDFDocument.load(readFileSync(path.join(dir, entry.document)), { ignoreEncryption: true });
        for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
      }
    }
  }
  return merged.save();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(bytes: Uint8Array, mode: "fast" | "balanced", runs: number): Promise<{ pages: number; runs: Run[] }> {
  let pages = 0;
  const measured: Run[] = [];
  // The first pass is cold (V8 compiling pdfjs's font code, the heap growing): not counted.
  for (let run = 0; run < 1 + runs; run += 1) {
    startStageRecording();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: mode } });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const { selfMs } = stopStageRecording();
    pages = result.stats.pageCount;
    if (run > 0) measured.push({ ms, cpuMs: (used.user + used.system) / 1000, stages: selfMs });
  }
  return { pages, runs: measured };
}

/**
 * pdfjs alone: the document opened and every page's text content read, nothing done with it (no guard, no words,
 * no page model, no fields). The floor of any extraction built on pdfjs's text layer, in CPU ms per pass.
 */
async function pdfjsFloorCpuMs(bytes: Uint8Array, runs: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 1 + runs; run += 1) {
    const cpu = process.cpuUsage();
    const doc = await openPdf(bytes);
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      await page.getTextContent({ disableNormalization: true });
      page.cleanup();
    }
    await doc.loadingTask.destroy();
    const used = process.cpuUsage(cpu);
    if (run > 0) times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/**
 * PDFium alone: the document opened and every page's words read by the PDFium reader (PDF_TEXT_READER=pdfium), its
 * own crop box and rotation for display space. More than pdfjs alone does (words, not runs), in CPU ms per pass.
 */
async function pdfiumFloorCpuMs(bytes: Uint8Array, runs: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 1 + runs; run += 1) {
    const cpu = process.cpuUsage();
    const doc = await openPdfium(bytes);
    for (let index = 0; index < doc.pageCount; index += 1) readPdfiumWords(doc, index);
    closePdfium(doc);
    const used = process.cpuUsage(cpu);
    if (run > 0) times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

function pdftotextMs(bytes: Uint8Array, runs: number): number | null {
  if (spawnSync("pdftotext", ["-v"]).error) return null;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const result = spawnSync("pdftotext", ["-layout", "-", "-"], { input: bytes, maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) return null;
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function runStageProfile(args: string[]): Promise<void> {
  process.env.EINVOICE_XML = "off";
  delete process.env.LLM_BASE_URL;
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const runs = Number(valueOf("--runs") ?? DEFAULT_RUNS);
  const modeArg = valueOf("--mode");
  const modes: Array<"fast" | "balanced"> = modeArg === "fast" || modeArg === "balanced" ? [modeArg] : ["fast", "balanced"];
  const valued = new Set(["--runs", "--mode"]);
  const dirs = args.filter((a, i) => !a.startsWith("--") && !valued.has(args[i - 1] ?? ""));
  const sets = (dirs.length > 0 ? dirs : DEFAULT_SETS).map((dir) => path.resolve(dir));
  const bytes = await mergedPdf(sets);
  const loadBefore = os.loadavg()[0]!;
  const results = [];
  for (const mode of modes) results.push({ mode, ...(await measure(bytes, mode, runs)) });
  const poppler = pdftotextMs(bytes, 5);
  const pdfjsFloor = await pdfjsFloorCpuMs(bytes, runs);
  const pdfiumFloor = await pdfiumFloorCpuMs(bytes, runs);
  const loadAfter = os.loadavg()[0]!;
  const pages = results[0]!.pages;
  console.log(`Stage profile: ${pages} pages (the PDFs of ${sets.map((s) => path.basename(s)).join(" + ")}, merged ${ROUNDS} times), median of ${runs} warm runs; ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}; load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`);
  const perSecond = (ms: number) => (1000 * pages) / ms;
  for (const { mode, runs: measured } of results) {
    const wall = median(measured.map((r) => r.ms));
    const cpu = median(measured.map((r) => r.cpuMs));
    const ratio = poppler ? ` — ${(perSecond(poppler) / perSecond(wall)).toFixed(1)}× slower than pdftotext -layout (${perSecond(poppler).toFixed(0)} pages/s)` : " (pdftotext not installed)";
    console.log(`${mode}: ${perSecond(wall).toFixed(1)} pages/s wall (${(wall / pages).toFixed(2)} ms/page), ${perSecond(cpu).toFixed(1)} pages/s of CPU time${ratio}`);
  }
  console.log(`pdfjs alone (open, every page's text content, nothing else): ${perSecond(pdfjsFloor).toFixed(1)} pages/s of CPU time (${(pdfjsFloor / pages).toFixed(2)} ms/page), the ceiling of any pass built on it`);
  console.log(`PDFium alone (open, every page's words, nothing else): ${perSecond(pdfiumFloor).toFixed(1)} pages/s of CPU time (${(pdfiumFloor / pages).toFixed(2)} ms/page); text reader of this run: ${pdfTextReader()} (PDF_TEXT_READER)`);
  const stages = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => [...run.stages.keys()])))].sort();
  console.log(`\n| stage (CPU time) | ${results.map((r) => `${r.mode} ms/page`).join(" | ")} |`);
  console.log(`|---|${results.map(() => "---:").join("|")}|`);
  const cell = (measured: Run[], stage: string) => (median(measured.map((run) => run.stages.get(stage) ?? 0)) / pages).toFixed(3);
  for (const stage of stages) console.log(`| ${stage} | ${results.map((r) => cell(r.runs, stage)).join(" | ")} |`);
  const untimed = (measured: Run[]) => (median(measured.map((run) => run.cpuMs - [...run.stages.values()].reduce((sum, ms) => sum + ms, 0))) / pages).toFixed(3);
  console.log(`| (outside any stage) | ${results.map((r) => untimed(r.runs)).join(" | ")} |`);
  console.log(`| **total CPU** | ${results.map((r) => (median(r.runs.map((run) => run.cpuMs)) / pages).toFixed(3)).join(" | ")} |`);
  console.log(`| total wall clock | ${results.map((r) => (median(r.runs.map((run) => run.ms)) / pages).toFixed(3)).join(" | ")} |`);
}
