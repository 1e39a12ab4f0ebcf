/** Writes every dataset PDF's full extraction result (page model, data, metadata, markdown) to one JSON file, to diff before/after. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument } from "../../lib/extraction";
import { classifyDocument } from "../../lib/extraction/classify/classify-document";
import { FIELDS } from "./fields";
import { mergedPdf } from "./merged-pdf";

type Manifest = { documents: Array<{ id: string; document: string }> };

async function main(): Promise<void> {
  const out = process.argv[2] ?? "/tmp/perf/dump.json";
  const dir = "/work/shared/datasets/dev";
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  const results: Record<string, unknown> = {};
  const inputs: Array<[string, Uint8Array]> = manifest.documents.filter((d) => d.document.endsWith(".pdf")).map((d) => [d.id, new Uint8Array(readFileSync(path.join(dir, d.document)))]);
  inputs.push(["merged", await mergedPdf()]);
  for (const [id, bytes] of inputs) {
    for (const advanced of [false, true]) {
      const r = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { markdownParsing: true, dataExtractionMode: "fast", advancedTableExtraction: advanced } });
      const labels = [{ name: "invoice" }, { name: "receipt" }, { name: "purchase order" }, { name: "credit note" }];
      results[`${id}${advanced ? " advanced" : ""}`] = { pages: r.pages, data: r.data, fieldMetadata: r.fieldMetadata, markdown: r.markdown, classify: classifyDocument(r.pages, labels) };
    }
  }
  writeFileSync(out, JSON.stringify(results, null, 1));
  console.log(`wrote ${Object.keys(results).length} results to ${out}`);
}
void main();
