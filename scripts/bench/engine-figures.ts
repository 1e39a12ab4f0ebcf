/**
 * bench:extract's per-OCR-engine figures: the dataset's image documents extracted once with each engine pinned
 * (OCR_ENGINE), fields scored as in the main run; CPU seconds per page (what a page costs a core, whatever else the
 * machine runs) and the process's peak RSS while that engine ran (sampled; it includes what earlier engines left).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings } from "../../lib/extraction";
import { OCR_ENGINES } from "../../lib/extraction/loaders/ocr/ocr-engines";
import { FIELDS } from "./dataset";
import { equal } from "./score";

type Entry = { id: string; document: string; ground_truth: string };
type Counts = { tp: number; fp: number; fn: number };

const IMAGE_MIME: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };
const f1 = (c: Counts) => (c.tp === 0 ? 0 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export async function engineFigures(dir: string, entries: Entry[], mode: "fast" | "balanced" | "accurate"): Promise<string> {
  const images = entries.filter((entry) => IMAGE_MIME[path.extname(entry.document).toLowerCase()]);
  if (images.length === 0) return "";
  const pinned = process.env.OCR_ENGINE;
  const lines = [`OCR engines on the ${images.length} images (mode ${mode}, engine pinned; CPU time, one thread):`];
  for (const engine of OCR_ENGINES) {
    process.env.OCR_ENGINE = engine;
    const counts: Counts = { tp: 0, fp: 0, fn: 0 };
    let pages = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = cpuMs();
    for (const entry of images) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
      const gt = JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as { fields: Record<string, string> };
      const mimeType = IMAGE_MIME[path.extname(entry.document).toLowerCase()]!;
      const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType, fields: FIELDS, settings: { dataExtractionMode: mode, markdownParsing: false } });
      pages += result.stats.pageCount;
      for (const [key, value] of Object.entries(gt.fields)) {
        const predicted = result.data[key];
        if (equal(key, value, predicted)) counts.tp += 1;
        else if (predicted === null || predicted === undefined) counts.fn += 1;
        else {
          counts.fp += 1;
          counts.fn += 1;
        }
      }
    }
    clearInterval(sampler);
    const seconds = (cpuMs() - started) / 1000 / Math.max(1, pages);
    lines.push(`  ${engine.padEnd(10)} fields F1 ${f1(counts).toFixed(3)} (${counts.tp}/${counts.fp}/${counts.fn}), ${seconds.toFixed(2)} CPU s/page, peak RSS ${Math.round(peak / 1024 / 1024)} MB`);
  }
  if (pinned === undefined) delete process.env.OCR_ENGINE;
  else process.env.OCR_ENGINE = pinned;
  return lines.join("\n");
}
