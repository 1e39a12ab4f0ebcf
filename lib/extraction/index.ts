/**
 * Public surface of the extraction engine (issue 4). The documents pipeline calls `extractDocument` — ideally via
 * `runExtractionInWorker` so CPU-heavy work (pdfjs, OCR) stays off the server's main thread.
 */
export { extractDocument } from "./extract-document";
export { serverExtractionSettings } from "./server-settings";
export { parsePages, PageSelectionError } from "./pages/parse-pages";
export { UnsupportedDocumentError } from "./loaders/load-document";
export type {
  Block,
  Box,
  DataExtractionMode,
  ExtractionInput,
  ExtractionResult,
  ExtractionSettings,
  FieldDefinition,
  FieldMetadata,
  FieldType,
  FieldValue,
  FormField,
  Line,
  Page,
  PageModel,
  Scalar,
  SourceBox,
  TableMetadata,
  TableRow,
  ValueEvidence,
  ValueMetadata,
  Word,
} from "./types";
export { ExtractionPool, ExtractionCrashError, ExtractionTimeoutError, type ExtractionPoolOptions } from "./worker/extraction-pool";
export { classifyDocument, type ClassLabel, type Classification } from "./classify/classify-document";
export { classifyPages, labelsWithInstructions } from "./classify/classify-pages";
export { planSplit, writePdfParts, type SplitPart, type SplitRule } from "./pages/split-documents";
export { loadDocument } from "./loaders/load-document";
export { renderMarkdown } from "./markdown/render-markdown";
export { renderDocumentPreview, PREVIEW_WIDTH, type DocumentPreview } from "./preview/render-preview";
