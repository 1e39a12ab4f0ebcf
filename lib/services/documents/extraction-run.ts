import "server-only";
import type { ParserSettings } from "@/lib/contracts/parser-settings";
import type { ExtractionInput, ExtractionResult, ExtractionSettings } from "@/lib/extraction";

/**
 * What every run of the engine over a stored document shares — the pipeline, a classifier's pass and the preview of a
 * pending parser change: the engine as a function, the settings it gets, and what a client may see of its failure.
 * Kept apart from the pipeline so the preview (lib/services/learning) does not import the pipeline that imports it.
 */
export type Extractor = (input: ExtractionInput) => Promise<ExtractionResult>;

/** The engine's settings for a document of a parser: the pipeline and the preview of a pending change read alike. */
export function extractionSettings(settings: ParserSettings, source: string): ExtractionSettings {
  return {
    // A part of a split upload already is the selected pages: selecting again would count from its own page 1.
    parsePages: source === "split" ? undefined : settings.parsePages || undefined,
    dataExtractionMode: settings.dataExtractionMode,
    advancedTableExtraction: settings.advancedTableExtraction !== "disabled",
    markdownParsing: settings.markdownParsing.enabled,
    emailParsing: settings.emailParsing,
  };
}

/**
 * An error's message. Errors thrown in the extraction worker thread arrive structured-cloned: pdf.js's exceptions
 * (InvalidPDFException, …) are not genuine Error objects, so they cross as plain `{name, message}` objects.
 */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}

/** What a client may see of an extraction error: one line, no stack, no server paths. */
export function sanitiseExtractionError(error: unknown): string {
  const raw = messageOf(error);
  if (/timed out/i.test(raw)) return "Extraction took too long and was stopped. The document may be too large or malformed.";
  if (/out of memory|worker crashed|ERR_WORKER_OUT_OF_MEMORY/i.test(raw)) return "The document needed more memory than allowed and was stopped.";
  const line = (raw.split("\n")[0] ?? "")
    .replace(/(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}/g, "…")
    .trim()
    .slice(0, 300);
  return line ? `The document could not be read: ${line}` : "The document could not be read.";
}
