import type { ExtractionInput } from "../types";
import { renderDocumentPreview, type DocumentPreview } from "./render-preview";

/**
 * The preview, or null when it cannot be drawn: a page pdf.js cannot paint is no reason to fail a document
 * whose text was read, so the error is logged and extraction goes on.
 */
export async function renderPreviewOrNull(input: Pick<ExtractionInput, "bytes" | "mimeType" | "fileName">): Promise<DocumentPreview | null> {
  try {
    return await renderDocumentPreview(input.bytes, input.mimeType, input.fileName);
  } catch (error) {
    console.warn(`[extraction] no preview for ${input.fileName ?? "a document"}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
