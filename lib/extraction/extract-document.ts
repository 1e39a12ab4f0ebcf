import { calibrateConfidences } from "./confidence/apply";
import { applyValueCalibrator } from "./scorer/calibrator";
import { applyDetectorJudge } from "./scorer/detector-judge";
import { applyEInvoice, einvoiceFromXml, looksLikeXml, readEInvoice, renderEInvoiceText } from "./einvoice";
import { extractNarrativeTable, extractScalarFields } from "./fields/extract-fields";
import { refineWithLlm } from "./llm/llm-provider";
import { detectType, loadDocument } from "./loaders/load-document";
import { textToPages } from "./loaders/plain-text";
import { renderMarkdown } from "./markdown/render-markdown";
import { renderPreviewOrNull } from "./preview/preview-or-null";
import { sourcesInScannedFrame } from "./source-frame";
import { extractTableField } from "./tables/extract-table";
import { timed, timedAsync } from "./stage-timing";
import type { ExtractionInput, ExtractionResult, FieldMetadata, FieldValue, PageModel } from "./types";

/**
 * Fields and tables from a page model, each value's confidence calibrated: the part of `extractDocument` after the
 * document is read. Exported so tuning and calibration scripts can re-run it on saved OCR readings.
 */
export function extractFromPageModel(
  model: PageModel,
  fields: ExtractionInput["fields"],
  settings: NonNullable<ExtractionInput["settings"]> = {},
): { data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> } {
  const data: Record<string, FieldValue> = {};
  const fieldMetadata: Record<string, FieldMetadata> = {};
  const scalars = timed("fields", () => extractScalarFields(model, fields));
  for (const field of fields) {
    if (field.type === "table") {
      const table = timed("tables › narrative", () => extractNarrativeTable(model, field)) ?? timed("tables › line items", () => extractTableField(model, field, { advanced: settings.advancedTableExtraction ?? false }));
      data[field.name] = table.rows;
      fieldMetadata[field.name] = table.meta;
      continue;
    }
    const scalar = scalars.get(field.name);
    data[field.name] = scalar?.value ?? null;
    fieldMetadata[field.name] = scalar?.meta ?? { confidence: 0, source: null };
  }
  // Every value's confidence becomes the fitted probability that it is right (confidence/model.json).
  timed("confidence", () => calibrateConfidences({ model, fields, data, fieldMetadata }));
  // Then the learned value calibrator (scorer/calibrator.json), where one is in force, replaces the scalar values'
  // confidences with its probability and empties the fields it does not trust.
  timed("value calibrator", () => applyValueCalibrator({ model, fields, data, fieldMetadata }));
  // The detector judge, where one is in force, empties the values of a parser of another kind it does not trust.
  timed("detector judge", () => applyDetectorJudge({ fields, data, fieldMetadata }));
  return { data, fieldMetadata };
}

/**
 * The engine's single entry point, run in a worker thread (worker/extraction-worker.cjs → worker/extraction-task.ts).
 * A function of its input alone (bytes, MIME type, fields, settings, and the server's e-invoice and LLM settings,
 * which the worker reads from the environment: `serverExtractionSettings`). The LLM pass, when given, is the only
 * network use. Engines (OCR sessions) are reused across calls.
 */
export async function extractDocument(input: ExtractionInput): Promise<ExtractionResult> {
  const started = performance.now();
  const settings = input.settings ?? {};
  // An uploaded CII/UBL e-invoice is read as data; its page is a rendering of that data.
  const einvoiceOn = input.einvoiceXml ?? true;
  const type = detectType(input.bytes, input.mimeType, input.fileName);
  const xmlInvoice = einvoiceOn && type !== "application/pdf" && looksLikeXml(input.bytes, type, input.fileName) ? einvoiceFromXml(input.bytes) : null;
  const loadOptions = {
    parsePages: settings.parsePages,
    mode: settings.dataExtractionMode ?? "balanced",
    emailParsing: settings.emailParsing,
    rulings: settings.advancedTableExtraction === true,
  };
  const model = xmlInvoice ? { pages: textToPages(renderEInvoiceText(xmlInvoice)) } : await timedAsync("load", () => loadDocument(input.bytes, input.mimeType, loadOptions, input.fileName));
  const { data, fieldMetadata } = extractFromPageModel(model, input.fields, settings);
  // A Factur-X / ZUGFeRD / XRechnung PDF's own XML, or the uploaded XML, states the values exactly.
  const einvoice = xmlInvoice ?? (einvoiceOn && type === "application/pdf" ? await timedAsync("e-invoice", () => readEInvoice(input.bytes, type)) : null);
  if (einvoice) applyEInvoice({ einvoice, model, fields: input.fields, data, fieldMetadata });
  // Optional model pass: only when the server configured one, always with the offline result as the fallback.
  const llm = input.llm ?? null;
  const refined = llm && input.fields.length > 0 ? await refineWithLlm(model, input.fields, { data, fieldMetadata }, llm) : { data, fieldMetadata };
  const preview = input.preview ? await renderPreviewOrNull(input) : undefined;
  return {
    pages: model,
    data: refined.data,
    fieldMetadata: timed("source frame", () => sourcesInScannedFrame(refined.fieldMetadata, model)),
    markdown: settings.markdownParsing === false ? null : timed("markdown", () => renderMarkdown(model)),
    stats: {
      pageCount: model.pages.length,
      ocrPages: model.pages.filter((p) => p.source === "ocr" || p.source === "mixed").length,
      ms: Math.round(performance.now() - started),
    },
    ...(preview === undefined ? {} : { preview }),
  };
}
