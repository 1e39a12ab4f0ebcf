import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { extractDocument } from "../lib/extraction";
import { terminateOcr } from "../lib/extraction/loaders/ocr";
const dir = path.resolve("../shared/datasets/dev");
const MIME: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg" };
const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { documents: { id: string; document: string }[] };
(async () => {
  for (const entry of manifest.documents) {
    const out = `/tmp/cls-pages/${entry.id.replace(/\//g, "__")}.json`;
    if (existsSync(out)) continue;
    const ext = path.extname(entry.document).toLowerCase();
    const result = await extractDocument({ bytes: new Uint8Array(readFileSync(path.join(dir, entry.document))), mimeType: MIME[ext]!, fields: [], settings: { markdownParsing: false } });
    writeFileSync(out, JSON.stringify(result.pages));
  }
  await terminateOcr();
})();
