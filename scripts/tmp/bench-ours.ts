/** Our code only, on the merged PDF's words captured once: buildPage, fields, tables, markdown; min of N runs. */
import { buildPage, type RawWord } from "../../lib/extraction/layout/build-page";
import { extractScalarFields } from "../../lib/extraction/fields/extract-fields";
import { renderMarkdown } from "../../lib/extraction/markdown/render-markdown";
import { extractTableField } from "../../lib/extraction/tables/extract-table";
import { checkPdfStreams } from "../../lib/extraction/loaders/pdf-guard";
import { openPdf } from "../../lib/extraction/loaders/pdf-text-layer";
import { loadPdfjs } from "../../lib/extraction/loaders/pdf-runtime";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { FIELDS } from "./fields";
import { mergedPdf } from "./merged-pdf";

type RawPage = { number: number; width: number; height: number; words: RawWord[] };

async function capture(bytes: Uint8Array): Promise<RawPage[]> {
  const pdfjs = await loadPdfjs();
  const doc = await openPdf(bytes);
  const out: RawPage[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent({ disableNormalization: true });
    const words: RawWord[] = [];
    for (const item of content.items as TextItem[]) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
      const fontH = Math.hypot(c!, d!) || Math.abs(item.height) || 10;
      const scaleX = Math.hypot(a!, b!) / (Math.hypot(item.transform[0] ?? 1, item.transform[1] ?? 0) || 1);
      const runW = Math.abs(item.width) * scaleX;
      const charW = item.str.length > 0 ? runW / item.str.length : 0;
      for (const m of item.str.matchAll(/\S+/g)) words.push({ text: m[0], x: e! + m.index * charW, y: f! - fontH * 0.8, w: m[0].length * charW, h: fontH, confidence: 1 });
    }
    out.push({ number: n, width: viewport.width, height: viewport.height, words });
  }
  await doc.loadingTask.destroy();
  return out;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 10);
  const bytes = await mergedPdf();
  const raw = await capture(bytes);
  const best: Record<string, number> = {};
  const time = async <T>(k: string, f: () => T | Promise<T>): Promise<T> => {
    const s = performance.now();
    const r = await f();
    const d = performance.now() - s;
    best[k] = Math.min(best[k] ?? Infinity, d);
    return r;
  };
  for (let i = 0; i < runs; i += 1) {
    await time("guard", () => checkPdfStreams(bytes));
    const pages = await time("buildPage", () => raw.map((p) => buildPage(p.number, p.width, p.height, "text-layer", p.words)));
    const model = { pages };
    await time("fields", () => extractScalarFields(model, FIELDS));
    await time("tables", () => extractTableField(model, FIELDS.find((f) => f.type === "table")!, { advanced: false }));
    await time("markdown", () => renderMarkdown(model));
  }
  let sum = 0;
  for (const [k, v] of Object.entries(best)) {
    sum += v;
    console.log(`${k.padEnd(10)} min ${v.toFixed(1).padStart(7)} ms  ${(v / raw.length).toFixed(2)} ms/page`);
  }
  console.log(`${"sum".padEnd(10)}     ${sum.toFixed(1).padStart(7)} ms  ${(sum / raw.length).toFixed(2)} ms/page`);
}
void main();
