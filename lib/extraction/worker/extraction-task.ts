import { extractDocument } from "../extract-document";
import { ocrEngineFor } from "../loaders/ocr-engines";
import { paddleSessions } from "../ocr/paddle/sessions";
import type { ExtractionInput, ExtractionResult } from "../types";

// The PP-OCR sessions load once per worker thread, when the thread starts, and serve every document it runs: loading
// them costs ~0.35 s of CPU and ~75 MB, which no document should pay. A thread that never reads an image keeps them
// unused; a failure to load is reported by the first document that needs them.
if (ocrEngineFor("balanced") !== "tesseract") void paddleSessions().catch(() => undefined);

/** The function each worker thread runs for one document (piscina calls the module's default export). */
export default async function extractionTask(input: ExtractionInput): Promise<ExtractionResult> {
  // Structured clone turns the Uint8Array into a plain Uint8Array again; guard against a bare ArrayBuffer.
  const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes as ArrayBufferLike);
  return extractDocument({ ...input, bytes });
}
