/** The bench's sequence without OCR: warm-up on the first PDF, every dataset PDF once, then the merged PDF N times. */
import { readFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";

const session = new Session();
session.connect();
const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
import path from "node:path";
import { extractDocument } from "../../lib/extraction";
import { FIELDS } from "./fields";
import { mergedPdf } from "./merged-pdf";

async function main(): Promise<void> {
  const dir = "/work/shared/datasets/dev";
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { documents: Array<{ document: string }> };
  const pdfs = manifest.documents.filter((d) => d.document.endsWith(".pdf")).map((d) => new Uint8Array(readFileSync(path.join(dir, d.document))));
  await extractDocument({ bytes: pdfs[0]!, mimeType: "application/pdf", fields: FIELDS });
  const t = performance.now();
  for (const bytes of pdfs) await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true } });
  console.log(`24 files: ${(performance.now() - t).toFixed(0)} ms`);
  const bytes = await mergedPdf();
  let gcMs = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ["gc"] });
  const rates: string[] = [];
  for (let i = 0; i < Number(process.argv[2] ?? 5); i += 1) {
    const t0 = performance.now();
    const g0 = gcMs;
    const heap0 = process.memoryUsage().heapTotal;
    if (process.env.PROFILE_RUNS) { await post("Profiler.enable"); await post("Profiler.setSamplingInterval", { interval: 200 }); await post("Profiler.start"); }
    const r = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: "fast" } });
    if (process.env.PROFILE_RUNS) { const { profile } = (await post("Profiler.stop")) as { profile: unknown }; writeFileSync(`/tmp/perf/run-${i + 1}.cpuprofile`, JSON.stringify(profile)); }
    await new Promise((resolve) => setTimeout(resolve, 0));
    rates.push(`${((1000 * r.stats.pageCount) / (performance.now() - t0)).toFixed(0)} (${(performance.now() - t0).toFixed(0)} ms, gc ${(gcMs - g0).toFixed(0)} ms, heap ${(heap0 / 2 ** 20).toFixed(0)}→${(process.memoryUsage().heapTotal / 2 ** 20).toFixed(0)} MB)`);
  }
  console.log(`merged pages/s:\n  ${rates.join("\n  ")}`);
}
void main();
