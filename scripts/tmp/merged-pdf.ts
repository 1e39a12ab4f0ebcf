/** Builds the bench's merged PDF (every dataset PDF ×3) and caches it under /tmp/perf. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";

type Manifest = { documents: Array<{ id: string; document: string }> };

export async function mergedPdf(dir = "/work/shared/datasets/dev"): Promise<Uint8Array> {
  const cache = "/tmp/perf/merged.pdf";
  if (existsSync(cache)) return new Uint8Array(readFileSync(cache));
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  const entries = manifest.documents.filter((d) => d.document.toLowerCase().endsWith(".pdf"));
  const merged = await PDFDocument.create();
  for (let round = 0; round < 3; round += 1) {
    for (const entry of entries) {
      const src = await PDFDocument.load(readFileSync(path.join(dir, entry.document)), { ignoreEncryption: true });
      for (const page of await merged.copyPages(src, src.getPageIndices())) merged.addPage(page);
    }
  }
  const bytes = await merged.save();
  writeFileSync(cache, bytes);
  return bytes;
}
