/**
 * The two PDF text-layer readers side by side (`npx tsx --conditions=react-server scripts/bench/compare-pdf-readers.ts
 * <dir> … [--examples N]`): every PDF under the given folders read by pdfjs (pdf-text-layer.ts) and by PDFium
 * (pdfium-text-layer.ts), fake bold dropped from both as the engine drops it, and per set: pages whose word lists have
 * the same texts, words of one reader whose text the other has on the page, how far apart the boxes of those words
 * stand (points, display space), the differences sorted into kinds (ligatures, hyphens, words split or joined
 * differently, text only one reader has), and each reader's CPU time per page for reading the words alone (first
 * pass, cold). `--pdfjs-widths`: PDFium's words with pdfjs's proportional widths (PDF_TEXT_READER=pdfium-runs).
 * `--speed N` measures speed instead (see `speed`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RawWord } from "../../lib/extraction/layout/build-page";
import { dropOverprinted } from "../../lib/extraction/layout/overprint";
import type { Matrix } from "../../lib/extraction/loaders/pdf/pdf-matrix";
import { openPdf, readPdfjsWords } from "../../lib/extraction/loaders/pdf/pdf-text-layer";
import { closePdfium, openPdfium, pdfiumPageGeometry, readPdfiumWords } from "../../lib/extraction/loaders/pdf/pdfium-text-layer";
import { startStageRecording, stopStageRecording } from "../../lib/extraction/stage-timing";

function pdfsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...pdfsUnder(full));
    else if (name.toLowerCase().endsWith(".pdf")) found.push(full);
  }
  return found;
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

type Kind = "ligature" | "hyphen" | "split or joined" | "only pdfjs" | "only pdfium" | "other";
type SetStats = { files: number; pages: number; samePages: number; sizeDiffPages: number; pdfjsWords: number; pdfiumWords: number; matched: number; offsets: number[]; xOffsets: number[]; yOffsets: number[]; kinds: Map<Kind, number>; examples: Map<Kind, string[]>; pdfjsMs: number; pdfiumMs: number; failed: string[] };

const LIGATURE = /[\uFB00-\uFB06]/;
const normalise = (text: string) => text.normalize("NFKC");

/** Greedy: each pdfjs word takes the nearest unused PDFium word of the same text; the rest are the differences. */
function pair(a: RawWord[], b: RawWord[]): { offsets: number[]; xOffsets: number[]; yOffsets: number[]; onlyA: RawWord[]; onlyB: RawWord[] } {
  const byText = new Map<string, RawWord[]>();
  for (const w of b) byText.set(w.text, [...(byText.get(w.text) ?? []), w]);
  const offsets: number[] = [];
  const xOffsets: number[] = [];
  const yOffsets: number[] = [];
  const onlyA: RawWord[] = [];
  for (const w of a) {
    const candidates = byText.get(w.text) ?? [];
    let best = -1;
    let bestD = Infinity;
    candidates.forEach((c, i) => {
      const d = Math.max(Math.abs(c.x - w.x), Math.abs(c.y - w.y), Math.abs(c.x + c.w - (w.x + w.w)), Math.abs(c.y + c.h - (w.y + w.h)));
      if (d < bestD) [best, bestD] = [i, d];
    });
    if (best < 0) onlyA.push(w);
    else {
      const c = candidates[best]!;
      offsets.push(bestD);
      xOffsets.push(Math.max(Math.abs(c.x - w.x), Math.abs(c.x + c.w - (w.x + w.w))));
      yOffsets.push(Math.max(Math.abs(c.y - w.y), Math.abs(c.y + c.h - (w.y + w.h))));
      candidates.splice(best, 1);
    }
  }
  return { offsets, xOffsets, yOffsets, onlyA, onlyB: [...byText.values()].flat() };
}

/** Sorts the unpaired words of a page into kinds of difference, by comparing their texts. */
function classify(onlyA: RawWord[], onlyB: RawWord[], stats: SetStats, examples: number, where: string): void {
  const note = (kind: Kind, count: number, example: string) => {
    stats.kinds.set(kind, (stats.kinds.get(kind) ?? 0) + count);
    const list = stats.examples.get(kind) ?? [];
    if (list.length < examples) list.push(`${where}: ${example}`);
    stats.examples.set(kind, list);
  };
  const textA = onlyA.map((w) => w.text);
  const textB = onlyB.map((w) => w.text);
  const restB = new Set(textB.map((_, i) => i));
  for (const t of textA) {
    const ligatureMatch = [...restB].find((i) => normalise(textB[i]!) === normalise(t));
    if (ligatureMatch !== undefined && (LIGATURE.test(t) || LIGATURE.test(textB[ligatureMatch]!) || normalise(t) !== t)) {
      restB.delete(ligatureMatch);
      note("ligature", 1, `${JSON.stringify(t)} / ${JSON.stringify(textB[ligatureMatch])}`);
      continue;
    }
    const hyphenMatch = [...restB].find((i) => textB[i]!.replace(/[-\u00AD\u2010\u2011]/g, "") === t.replace(/[-\u00AD\u2010\u2011]/g, ""));
    if (hyphenMatch !== undefined) {
      restB.delete(hyphenMatch);
      note("hyphen", 1, `${JSON.stringify(t)} / ${JSON.stringify(textB[hyphenMatch])}`);
      continue;
    }
    const partOf = [...restB].find((i) => textB[i]!.includes(t) || t.includes(textB[i]!));
    if (partOf !== undefined) {
      note("split or joined", 1, `${JSON.stringify(t)} / ${JSON.stringify(textB[partOf])}`);
      continue;
    }
    note("only pdfjs", 1, JSON.stringify(t));
  }
  for (const i of restB) {
    const t = textB[i]!;
    if (textA.some((a) => a.includes(t) || t.includes(a))) note("split or joined", 1, `(pdfium) ${JSON.stringify(t)}`);
    else note("only pdfium", 1, JSON.stringify(t));
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function compareSet(dir: string, examples: number, widths: "exact" | "pdfjs runs"): Promise<SetStats> {
  const stats: SetStats = { files: 0, pages: 0, samePages: 0, sizeDiffPages: 0, pdfjsWords: 0, pdfiumWords: 0, matched: 0, offsets: [], xOffsets: [], yOffsets: [], kinds: new Map(), examples: new Map(), pdfjsMs: 0, pdfiumMs: 0, failed: [] };
  for (const file of pdfsUnder(dir)) {
    const bytes = new Uint8Array(readFileSync(file));
    stats.files += 1;
    let started = cpuMs();
    const doc = await openPdf(bytes).catch(() => null);
    if (!doc) {
      stats.failed.push(path.relative(dir, file));
      continue;
    }
    const pdfjsPages: RawWord[][] = [];
    const transforms: Matrix[] = [];
    const sizes: Array<[number, number]> = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      transforms.push(viewport.transform as Matrix);
      sizes.push([viewport.width, viewport.height]);
      pdfjsPages.push(dropOverprinted(await readPdfjsWords(page, viewport)));
      page.cleanup();
    }
    await doc.loadingTask.destroy();
    stats.pdfjsMs += cpuMs() - started;
    started = cpuMs();
    const pdfium = await openPdfium(bytes).catch(() => null);
    if (!pdfium) {
      stats.failed.push(`${path.relative(dir, file)} (PDFium)`);
      continue;
    }
    const pdfiumPages: RawWord[][] = [];
    for (let index = 0; index < pdfium.pageCount; index += 1) pdfiumPages.push(dropOverprinted(readPdfiumWords(pdfium, index, transforms[index] ?? [1, 0, 0, -1, 0, 0], widths)));
    stats.pdfiumMs += cpuMs() - started;
    for (let index = 0; index < pdfium.pageCount; index += 1) {
      const own = pdfiumPageGeometry(pdfium, index);
      const [w, h] = sizes[index] ?? [0, 0];
      if (Math.abs(own.width - w) > 0.5 || Math.abs(own.height - h) > 0.5) stats.sizeDiffPages += 1;
    }
    closePdfium(pdfium);
    for (let index = 0; index < pdfjsPages.length; index += 1) {
      const a = pdfjsPages[index]!;
      const b = pdfiumPages[index] ?? [];
      stats.pages += 1;
      stats.pdfjsWords += a.length;
      stats.pdfiumWords += b.length;
      const { offsets, xOffsets, yOffsets, onlyA, onlyB } = pair(a, b);
      stats.matched += offsets.length;
      stats.offsets.push(...offsets);
      stats.xOffsets.push(...xOffsets);
      stats.yOffsets.push(...yOffsets);
      if (onlyA.length === 0 && onlyB.length === 0) stats.samePages += 1;
      else classify(onlyA, onlyB, stats, examples, `${path.relative(dir, file)} p${index + 1}`);
    }
  }
  return stats;
}

/**
 * `--speed N`: N warm passes over every file, each file opened, read and closed on its own (per-document font loading
 * counts, as in production), per reader: the words alone, and end to end (extractDocument, fast mode, fields, tables
 * and markdown) with PDF_TEXT_READER switched between passes. Median pass, CPU ms per page.
 */
async function speed(dirs: string[], passes: number): Promise<void> {
  const files = dirs.flatMap((dir) => pdfsUnder(dir)).map((file) => new Uint8Array(readFileSync(file)));
  process.env.EINVOICE_XML = "off";
  delete process.env.LLM_BASE_URL;
  const { extractDocument, serverExtractionSettings } = await import("../../lib/extraction");
  const { FIELDS } = await import("./dataset");
  let pages = 0;
  const wordsOnly = {
    pdfjs: async () => {
      for (const bytes of files) {
        const doc = await openPdf(bytes);
        for (let number = 1; number <= doc.numPages; number += 1) {
          const page = await doc.getPage(number);
          dropOverprinted(await readPdfjsWords(page, page.getViewport({ scale: 1 })));
          page.cleanup();
        }
        await doc.loadingTask.destroy();
      }
    },
    pdfium: async () => {
      for (const bytes of files) {
        const doc = await openPdfium(bytes);
        for (let index = 0; index < doc.pageCount; index += 1) dropOverprinted(readPdfiumWords(doc, index));
        closePdfium(doc);
      }
    },
  };
  const stageMs = new Map<string, Map<string, number>>();
  const endToEnd = (reader: "pdfjs" | "pdfium") => async () => {
    process.env.PDF_TEXT_READER = reader;
    pages = 0;
    startStageRecording();
    for (const bytes of files) {
      const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: "fast" } });
      pages += result.stats.pageCount;
    }
    stageMs.set(reader, stopStageRecording().selfMs);
    delete process.env.PDF_TEXT_READER;
  };
  const timings = new Map<string, number[]>();
  const cases: Array<[string, () => Promise<void>]> = [["words, pdfjs", wordsOnly.pdfjs], ["words, PDFium", wordsOnly.pdfium], ["end to end, pdfjs", endToEnd("pdfjs")], ["end to end, PDFium", endToEnd("pdfium")]];
  // Pass 0 warms V8 and both libraries up; not counted. The cases take turns so that load on the machine hits both.
  for (let pass = 0; pass <= passes; pass += 1) {
    for (const [name, run] of cases) {
      const started = cpuMs();
      await run();
      if (pass > 0) timings.set(name, [...(timings.get(name) ?? []), cpuMs() - started]);
    }
  }
  const load = os.loadavg()[0]!.toFixed(2);
  console.log(`\nPer-file loop over ${files.length} PDFs, ${pages} pages, median of ${passes} warm passes (load ${load}):`);
  console.log("| reader, what | CPU ms/page | pages/s of CPU |");
  console.log("|---|---:|---:|");
  for (const [name, values] of timings) {
    const ms = quantile(values, 0.5) / Math.max(1, pages);
    console.log(`| ${name} | ${ms.toFixed(2)} | ${(1000 / ms).toFixed(0)} |`);
  }
  // Where the loader's time goes end to end in the last pass (CPU ms per page, stage-timing.ts's own-time rows).
  const loaderStages = [...new Set([...stageMs.values()].flatMap((m) => [...m.keys()]))].filter((stage) => stage.startsWith("load")).sort();
  console.log("\n| loader stage, last pass | pdfjs ms/page | PDFium ms/page |\n|---|---:|---:|");
  const cell = (reader: string, stage: string) => ((stageMs.get(reader)?.get(stage) ?? 0) / Math.max(1, pages)).toFixed(2);
  for (const stage of loaderStages) console.log(`| ${stage} | ${cell("pdfjs", stage)} | ${cell("pdfium", stage)} |`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--speed")) {
    const passes = Number(args[args.indexOf("--speed") + 1]);
    await speed(args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--speed"), passes);
    return;
  }
  const examples = args.includes("--examples") ? Number(args[args.indexOf("--examples") + 1]) : 0;
  const dirs = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--examples");
  const widths = args.includes("--pdfjs-widths") ? "pdfjs runs" : "exact";
  console.log(`PDF readers compared: ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`);
  console.log("| set | files | pages | same texts | pdfjs words | PDFium words | paired | left/right edges apart, median / p90 / p99 pt | top/bottom edges apart, median / p90 / p99 pt | ligature | hyphen | split or joined | only pdfjs | only PDFium | pdfjs ms/page | PDFium ms/page |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|");
  const all: Array<[string, SetStats]> = [];
  for (const dir of dirs) {
    const s = await compareSet(dir, examples, widths);
    all.push([dir, s]);
    const k = (kind: Kind) => s.kinds.get(kind) ?? 0;
    const spread = (values: number[]) => `${quantile(values, 0.5).toFixed(2)} / ${quantile(values, 0.9).toFixed(2)} / ${quantile(values, 0.99).toFixed(2)}`;
    console.log(`| ${path.basename(dir)} | ${s.files} | ${s.pages} | ${s.samePages} | ${s.pdfjsWords} | ${s.pdfiumWords} | ${((100 * s.matched) / Math.max(1, s.pdfjsWords)).toFixed(1)}% | ${spread(s.xOffsets)} | ${spread(s.yOffsets)} | ${k("ligature")} | ${k("hyphen")} | ${k("split or joined")} | ${k("only pdfjs")} | ${k("only pdfium")} | ${(s.pdfjsMs / Math.max(1, s.pages)).toFixed(2)} | ${(s.pdfiumMs / Math.max(1, s.pages)).toFixed(2)} |`);
  }
  for (const [dir, s] of all) {
    if (s.failed.length > 0) console.log(`${path.basename(dir)}: could not open ${s.failed.join(", ")}`);
    if (s.sizeDiffPages > 0) console.log(`${path.basename(dir)}: ${s.sizeDiffPages} pages whose PDFium size differs from pdfjs's`);
    for (const [kind, list] of s.examples) console.log(`${path.basename(dir)} ${kind}: ${list.join(" · ")}`);
  }
}

void main();
