import type { FieldDefinition, FieldMetadata, FieldValue, PageModel, SourceBox, TableMetadata, ValueMetadata } from "../types";
import { centreInside } from "../layout/box";
import { calibratedConfidence, CALIBRATION, type CalibrationModel } from "./model";
import { readingDoubt, valueWords } from "./reading-doubt";
import { fillTableEvidence, scalarAmounts, tableCellCeiling } from "./table-evidence";

/** An OCR'd page whose words under a source could not be found still read as OCR, at a middling confidence. */
const OCR_UNKNOWN = 0.5;

/** Lowest OCR confidence of the words whose centre lies in the source box; null on a text layer. */
export function ocrConfidence(model: PageModel, source: SourceBox | null): number | null {
  if (!source) return null;
  const page = model.pages.find((p) => p.number === source.page);
  if (!page || page.source === "text-layer" || page.source === "text") return null;
  let min = Infinity;
  for (const block of page.blocks) {
    for (const line of block.lines) {
      for (const word of line.words) {
        if (centreInside(word.box, source)) min = Math.min(min, word.confidence);
      }
    }
  }
  if (min === Infinity) return OCR_UNKNOWN;
  // A mixed page's text-layer words are exact: only OCR'd words below 1 say anything.
  return page.source === "mixed" && min >= 1 ? null : min;
}

/** Kinds that must match letter for letter, whose OCR'd reading is judged clean or in doubt. */
const LETTER_FOR_LETTER = new Set(["name", "address"]);

function calibrateValue(model: PageModel, meta: ValueMetadata, calibration: CalibrationModel, value?: FieldValue): void {
  if (!meta.evidence) return;
  if (meta.evidence.ocr === undefined) meta.evidence.ocr = ocrConfidence(model, meta.source);
  if (meta.evidence.reading === undefined && meta.evidence.ocr !== null && meta.source && typeof value === "string" && LETTER_FOR_LETTER.has(meta.evidence.kind ?? "")) {
    meta.evidence.reading = readingDoubt(value, valueWords(model, meta.source, value));
  }
  meta.confidence = calibratedConfidence(meta.evidence, meta.confidence, calibration);
}

const isTableMeta = (meta: FieldMetadata): meta is TableMetadata => "rows" in meta && Array.isArray(meta.rows);

/**
 * Turns every value's confidence into the calibrated probability that it is right, from the evidence the
 * extractors left on it. A table's own confidence is the mean of its cells'. Values without evidence (an LLM's,
 * a person's) keep theirs.
 */
export function calibrateConfidences(options: { model: PageModel; fields: FieldDefinition[]; data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata>; calibration?: CalibrationModel }): void {
  const { model, fields, data, fieldMetadata } = options;
  const calibration = options.calibration ?? CALIBRATION;
  const amounts = scalarAmounts(data);
  for (const field of fields) {
    const meta = fieldMetadata[field.name];
    if (!meta) continue;
    if (isTableMeta(meta)) {
      const rows = data[field.name];
      if (!Array.isArray(rows)) continue;
      fillTableEvidence(field, rows, meta, amounts);
      const cells = meta.rows.flatMap((row) => Object.values(row));
      for (const cell of cells) {
        calibrateValue(model, cell, calibration);
        // A row that breaks quantity × price = amount, or a table whose amounts miss the subtotal, is flagged.
        if (cell.evidence && !calibration.exactStrategies.includes(cell.evidence.strategy)) cell.confidence = Math.min(cell.confidence, tableCellCeiling(cell.evidence));
      }
      if (cells.length > 0) meta.confidence = Math.round((1000 * cells.reduce((s, c) => s + c.confidence, 0)) / cells.length) / 1000;
      continue;
    }
    calibrateValue(model, meta, calibration, data[field.name]);
  }
}
