/**
 * Proof that a speed change left extraction alone: every document of the given sets extracted as bench:extract does
 * (balanced, markdown on, no e-invoice XML, no LLM, contracts-dev with its own fields), its values, metadata
 * (confidences, sources, evidence) and markdown written one JSON line a document, with one hash per set. Two runs whose hashes agree extracted the same
 * thing, so every F1 of bench:extract agrees too; `diff` of the two files shows where they do not. Images are read
 * once and their page models kept in the cache folder, so later runs re-run everything after OCR without OCR.
 *
 *   tsx --conditions=react-server scripts/bench/extract-fingerprint.ts --out <file.jsonl> --cache <dir> [dataset dir …]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings } from "../../lib/extraction";
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import { loadDocument } from "../../lib/extraction/loaders/load-document";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { renderMarkdown } from "../../lib/extraction/markdown/render-markdown";
import { sourcesInScannedFrame } from "../../lib/extraction/source-frame";
import type { PageModel } from "../../lib/extraction/types";
import { CONTRACT_FIELDS } from "./contracts-scoring";
import { FIELDS, MIME, readManifest } from "./dataset";
import { savedReadingFile } from "./saved-readings";

const DEFAULT_SETS = ["../shared/datasets/dev", "../shared/datasets/invoices-dev", "../shared/datasets/receipts-dev"];
const SETTINGS = { markdownParsing: true, dataExtractionMode: "balanced" as const };

async function imageModel(cache: string, dataset: string, id: string, bytes: Uint8Array, mimeType: string): Promise<PageModel> {
  const file = path.join(cache, savedReadingFile(dataset, id, "balanced"));
  if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { model: PageModel }).model;
  const model = await loadDocument(bytes, mimeType, { mode: SETTINGS.dataExtractionMode });
  writeFileSync(file, JSON.stringify({ model }));
  return model;
}

async function main(): Promise<void> {
  process.env.EINVOICE_XML = "off";
  delete process.env.LLM_BASE_URL;
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const out = valueOf("--out");
  const cache = valueOf("--cache");
  if (!out || !cache) throw new Error("usage: extract-fingerprint.ts --out <file.jsonl> --cache <dir> [dataset dir …]");
  mkdirSync(cache, { recursive: true });
  const dirs = args.filter((a, i) => !a.startsWith("--") && !["--out", "--cache"].includes(args[i - 1] ?? ""));
  const lines: string[] = [];
  for (const dir of (dirs.length > 0 ? dirs : DEFAULT_SETS).map((d) => path.resolve(d))) {
    const dataset = path.basename(dir);
    const hash = createHash("sha256");
    const manifest = readManifest(dir);
    // The fields bench:extract asks of the set: contracts-dev has its own.
    const fields = manifest.split?.startsWith("contracts") ? CONTRACT_FIELDS : FIELDS;
    for (const entry of manifest.documents) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
      const mimeType = MIME[path.extname(entry.document).toLowerCase()] ?? "application/octet-stream";
      let record: unknown;
      if (mimeType === "application/pdf") {
        const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType, fields, settings: SETTINGS });
        record = { pages: result.pages, data: result.data, fieldMetadata: result.fieldMetadata, markdown: result.markdown };
      } else {
        // What extractDocument does after reading an image (no e-invoice, no LLM), on the cached reading.
        const model = await imageModel(cache, dataset, entry.id, bytes, mimeType);
        const { data, fieldMetadata } = extractFromPageModel(model, fields, SETTINGS);
        record = { data, fieldMetadata: sourcesInScannedFrame(fieldMetadata, model), markdown: renderMarkdown(model) };
      }
      const line = JSON.stringify({ dataset, id: entry.id, ...(record as object) });
      hash.update(line);
      lines.push(line);
    }
    console.log(`${dataset}: ${hash.digest("hex").slice(0, 16)}`);
  }
  writeFileSync(out, `${lines.join("\n")}\n`);
  await terminateOcr();
}

void main();
