/** Runs extractDocument over the merged PDF N times (after a warm-up), printing pages/s per run. */
import { extractDocument } from "../../lib/extraction";
import { FIELDS } from "./fields";
import { mergedPdf } from "./merged-pdf";

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const bytes = await mergedPdf();
  await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: "fast" } });
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: "fast" } });
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    rates.push((1000 * result.stats.pageCount) / ms);
    cpuRates.push((1000 * result.stats.pageCount) / cpuMs);
    console.log(`run ${i + 1}: ${result.stats.pageCount} pages, wall ${ms.toFixed(0)} ms (${((1000 * result.stats.pageCount) / ms).toFixed(1)} pages/s, ${(ms / result.stats.pageCount).toFixed(1)} ms/page), cpu ${cpuMs.toFixed(0)} ms (${((1000 * result.stats.pageCount) / cpuMs).toFixed(1)} pages/s per core)`);
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(1);
  console.log(`median wall ${med(rates)} pages/s, median cpu ${med(cpuRates)} pages/s per core, best wall ${Math.max(...rates).toFixed(1)}`);
}
void main();
