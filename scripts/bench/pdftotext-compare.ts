import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadDocument } from "../../lib/extraction";

/**
 * Text-layer speed against poppler's `pdftotext` on the same PDFs: per file (each read where it lies, one pdftotext
 * process per file, as a user would run it) and on one merged PDF piped through stdin (no start-up per file).
 * Quarry is measured twice: its loader alone (text layer into words with boxes and lines, `fast` mode, no OCR),
 * which is the work pdftotext does, and end to end (fields, tables, markdown) as the caller measured it.
 * `pdftotext -bbox-layout` (words with boxes) is the closest to Quarry's page model; plain `-layout` is the floor.
 */
export type EndToEnd = { pages: number; ms: number };

const POPPLER_MODES = [
  { label: "pdftotext -layout", args: ["-layout"] },
  { label: "pdftotext -bbox-layout", args: ["-bbox-layout"] },
] as const;

function pdftotextAvailable(): boolean {
  return spawnSync("pdftotext", ["-v"], { encoding: "utf8" }).error === undefined;
}

function runPdftotext(args: readonly string[], input: { file: string } | { bytes: Uint8Array }): number {
  const started = performance.now();
  const result =
    "file" in input
      ? spawnSync("pdftotext", [...args, input.file, "-"], { maxBuffer: 256 * 1024 * 1024 })
      : spawnSync("pdftotext", [...args, "-", "-"], { input: input.bytes, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr?.toString()}`);
  return performance.now() - started;
}

async function loaderMs(bytes: Uint8Array): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
  return { ms: performance.now() - started, pages: model.pages.length };
}

const rate = (pages: number, ms: number) => (1000 * pages) / ms;

export async function compareWithPdftotext(input: { files: string[]; merged: Uint8Array; mergedEndToEnd: EndToEnd; perFileEndToEnd: EndToEnd }): Promise<void> {
  if (!pdftotextAvailable()) {
    console.log("\n(pdftotext not installed: comparison skipped; apt-get install -y poppler-utils)");
    return;
  }
  // Warm-up: the page cache and pdfjs's first-use cost, for both sides.
  runPdftotext(["-layout"], { file: input.files[0]! });
  await loaderMs(new Uint8Array(readFileSync(input.files[0]!)));

  let pages = 0;
  let quarryMs = 0;
  const popplerMs = new Map<string, number>();
  for (const file of input.files) {
    const measured = await loaderMs(new Uint8Array(readFileSync(file)));
    pages += measured.pages;
    quarryMs += measured.ms;
    for (const mode of POPPLER_MODES) popplerMs.set(mode.label, (popplerMs.get(mode.label) ?? 0) + runPdftotext(mode.args, { file }));
  }
  const merged = await loaderMs(input.merged);
  const mergedPoppler = new Map(POPPLER_MODES.map((mode) => [mode.label, runPdftotext(mode.args, { bytes: input.merged })]));

  console.log(`\npdftotext (${spawnSync("pdftotext", ["-v"], { encoding: "utf8" }).stderr.split("\n")[0]}) on the same PDFs, pages/s (ratio = pdftotext ÷ Quarry):`);
  console.log("| run | pages | Quarry loader | Quarry end to end | tool | tool pages/s | ratio vs loader | ratio vs end to end |");
  console.log("|---|---:|---:|---:|---|---:|---:|---:|");
  const rows = [
    { run: `${input.files.length} files, one by one`, pages, loader: rate(pages, quarryMs), endToEnd: rate(input.perFileEndToEnd.pages, input.perFileEndToEnd.ms), poppler: popplerMs, popplerPages: pages },
    { run: "one merged PDF", pages: merged.pages, loader: rate(merged.pages, merged.ms), endToEnd: rate(input.mergedEndToEnd.pages, input.mergedEndToEnd.ms), poppler: mergedPoppler, popplerPages: merged.pages },
  ];
  for (const row of rows) {
    for (const [tool, ms] of row.poppler) {
      const toolRate = rate(row.popplerPages, ms);
      console.log(`| ${row.run} | ${row.pages} | ${row.loader.toFixed(1)} | ${row.endToEnd.toFixed(1)} | ${tool} | ${toolRate.toFixed(1)} | ${(toolRate / row.loader).toFixed(1)}× | ${(toolRate / row.endToEnd).toFixed(1)}× |`);
    }
  }
}
