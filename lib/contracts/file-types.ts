import type { AcceptedFileType } from "./parser-settings";

/** MIME types a parser can accept, with the label the console and the API show for each. */
export const FILE_TYPE_LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/tiff": "TIFF image",
  "image/webp": "WebP image",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document (DOCX)",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel workbook (XLSX)",
  "text/csv": "CSV",
  "text/html": "HTML",
  "text/plain": "Plain text",
  "message/rfc822": "E-mail (EML)",
};

/** The MIME types a request may name in `acceptedFileTypes`; anything else is a 400. */
export const KNOWN_MIME_TYPES = Object.keys(FILE_TYPE_LABELS) as [string, ...string[]];

export const DEFAULT_ACCEPTED_MIME_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/tiff", "image/webp"];

export function toAcceptedFileTypes(mimeTypes: readonly string[]): AcceptedFileType[] {
  return [...new Set(mimeTypes)].map((mimeType) => ({ mimeType, label: FILE_TYPE_LABELS[mimeType] ?? mimeType }));
}

/** The multipart parts every upload route takes (`file` repeated, per-file `externalIds` and `custom`), for OpenAPI. */
export const UPLOAD_FORM_PARTS = {
  file: { type: "array", items: { type: "string", format: "binary" }, description: "One or more files (repeat the part); up to 100 MB each" },
  externalIds: { type: "string", description: "JSON-encoded array, one string or null per file" },
  custom: { type: "string", description: "JSON-encoded array, one object or null per file" },
} as const;
