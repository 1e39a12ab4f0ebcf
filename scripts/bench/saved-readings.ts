// The OCR readings `npm run bench:ocr -- --save <dir>` keeps, one JSON file per dataset, document and engine, so that
// tuning (scripts/bench/tuning/fields-saved.ts) and calibration (`npm run calibrate -- --readings <dir>`) re-run the field
// rules on them without reading the images again.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PageModel } from "../../lib/extraction/types";

/** The file name of one document's reading by one engine ("receipts-dev-r001-paddle.json"). */
export function savedReadingFile(dataset: string, documentId: string, engine: string): string {
  return `${dataset}-${documentId.replace(/[^\w.-]+/g, "_")}-${engine}.json`;
}

/** The page model kept in `dir` for that document and engine, or null when none was saved. */
export function loadSavedReading(dir: string, dataset: string, documentId: string, engine: string): PageModel | null {
  const file = path.join(dir, savedReadingFile(dataset, documentId, engine));
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { model: PageModel }).model : null;
}
