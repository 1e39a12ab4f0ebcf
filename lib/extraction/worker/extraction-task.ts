import { extractDocument } from "../extract-document";
import type { ExtractionInput, ExtractionResult } from "../types";

/** The function each worker thread runs for one document (piscina calls the module's default export). */
export default async function extractionTask(input: ExtractionInput): Promise<ExtractionResult> {
  // Structured clone turns the Uint8Array into a plain Uint8Array again; guard against a bare ArrayBuffer.
  const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes as ArrayBufferLike);
  return extractDocument({ ...input, bytes });
}
