import { extractDocument } from "../extract-document";
import { setRunControl, type RunControl } from "../ocr/paddle/run-guard";
import { serverExtractionSettings } from "../server-settings";
import type { ExtractionInput, ExtractionResult } from "../types";

/** What the pool sends a thread: the document, and the shared flags through which a timed-out document is stopped. */
export type ExtractionTask = { input: ExtractionInput; control: RunControl };

/** The function each worker thread runs for one document (piscina calls the module's default export). */
export default async function extractionTask(task: ExtractionTask): Promise<ExtractionResult> {
  const { input } = task;
  // Structured clone turns the Uint8Array into a plain Uint8Array again; guard against a bare ArrayBuffer.
  const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes as ArrayBufferLike);
  setRunControl(task.control);
  try {
    // The server's settings as this process sees them; what the caller says wins (it may pin them).
    return await extractDocument({ ...serverExtractionSettings(), ...input, bytes });
  } finally {
    setRunControl(null);
  }
}
