/** Times each phase of extractDocument on the merged PDF: guard, open, text layer (pdfjs vs buildPage), fields, tables, markdown. */
import { performance } from "node:perf_hooks";
import { extractScalarFields } from "../../lib/extraction/fields/extract-fields";
import { renderMarkdown } from "../../lib/extraction/markdown/render-markdown";
import { extractTableField } from "../../lib/extraction/tables/extract-table";
import { checkPdfStreams } from "../../lib/extraction/loaders/pdf-guard";
import { openPdf, readPdfTextPage } from "../../lib/extraction/loaders/pdf-text-layer";
import * as buildPageModule from "../../lib/extraction/layout/build-page";
import type { Page } from "../../lib/extraction/types";
import { FIELDS } from "./fields";
import { mergedPdf } from "./merged-pdf";

async function once(bytes: Uint8Array): Promise<Record<string, number>> {
  const t: Record<string, number> = {};
  const time = async <T>(k: string, f: () => Promise<T> | T): Promise<T> => {
    const s = performance.now();
    const r = await f();
    t[k] = (t[k] ?? 0) + performance.now() - s;
    return r;
  };
  await time("guard", () => checkPdfStreams(bytes));
  const doc = await time("open", () => openPdf(bytes));
  const pages: Page[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) pages.push(await time("textPage(pdfjs+layout)", () => readPdfTextPage(doc, n)));
  await doc.loadingTask.destroy();
  const model = { pages };
  await time("fields", () => extractScalarFields(model, FIELDS));
  for (const f of FIELDS) if (f.type === "table") await time("tables", () => extractTableField(model, f, { advanced: false }));
  await time("markdown", () => renderMarkdown(model));
  t.pages = pages.length;
  return t;
}

async function main(): Promise<void> {
  void buildPageModule;
  const bytes = await mergedPdf();
  await once(bytes);
  const runs = Number(process.argv[2] ?? 3);
  const sums: Record<string, number[]> = {};
  for (let i = 0; i < runs; i += 1) {
    const t = await once(bytes);
    for (const [k, v] of Object.entries(t)) (sums[k] ??= []).push(v);
  }
  for (const [k, v] of Object.entries(sums)) {
    if (k === "pages") continue;
    const sorted = [...v].sort((a, b) => a - b);
    const med = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`${k.padEnd(26)} median ${med.toFixed(0).padStart(6)} ms  ${(med / 108).toFixed(2).padStart(6)} ms/page   runs ${v.map((x) => x.toFixed(0)).join(" ")}`);
  }
}
void main();
