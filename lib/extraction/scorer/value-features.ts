import { kindOf } from "../confidence/features";
import { isKnownField } from "../fields/generic/generic-fields";
import { resolveConcept } from "../fields/resolve-concept";
import type { FieldDefinition, FieldValue, PageModel, ValueMetadata } from "../types";

/**
 * What the value calibrator sees of one chosen scalar value: the evidence the rules left on it (which finder, its raw
 * score, type, arithmetic and agreement checks, OCR confidence, label match), the value's shape, where it sits, how
 * well the document was read and whether another field holds the same value. Numbers only, the same list for every
 * field; the model file records the names and refuses to run on a different list.
 */
const CONCEPTS = [
  "invoice_number",
  "invoice_date",
  "due_date",
  "total_amount",
  "subtotal_amount",
  "tax_amount",
  "amount_due",
  "currency",
  "vendor_name",
  "vendor_address",
  "vendor_vat_id",
  "vendor_iban",
  "customer_name",
  "purchase_order",
] as const;
const STRATEGIES = ["label", "layout", "fallback", "arithmetic", "derived", "scorer", "narrative", "form-label", "acroform", "checkbox", "detector-label", "detector-layout", "detector-unique"] as const;
const KINDS = ["amount", "date", "id", "code", "name", "address", "text"] as const;

export const VALUE_FEATURE_NAMES = [
  ...CONCEPTS.map((c) => `concept_${c}`),
  "concept_unknown",
  ...STRATEGIES.map((s) => `strategy_${s}`),
  "strategy_other",
  ...KINDS.map((k) => `kind_${k}`),
  "field_type_date",
  "field_type_number",
  "score",
  "type_ok",
  "arithmetic",
  "agreement",
  "rival",
  "match",
  "ocr_read",
  "ocr_min",
  "doc_ocr_mean",
  "doc_ocr_low_share",
  "doc_pages",
  "doc_words_log",
  "value_chars",
  "value_words",
  "value_digit_share",
  "value_letter_share",
  "value_upper_share",
  "raw_chars_ratio",
  "amount_log",
  "amount_negative",
  "amount_whole",
  "date_order_ambiguous",
  "box_top",
  "box_height",
  "pages_from_end",
  "same_as_other_field",
] as const;

/** A word the OCR engine read below this confidence counts as doubtful for the document's reading quality. */
const LOW_OCR = 0.8;

export type DocumentReading = { ocrMean: number; ocrLowShare: number; ocrRead: boolean; pages: number; words: number };

/** How well the document was read: mean OCR confidence and share of doubtful words over OCR'd pages (1 and 0 on a text layer). */
export function documentReading(model: PageModel): DocumentReading {
  let sum = 0;
  let low = 0;
  let ocrWords = 0;
  let words = 0;
  for (const page of model.pages) {
    const ocr = page.source === "ocr" || page.source === "mixed";
    for (const block of page.blocks) {
      for (const line of block.lines) {
        for (const word of line.words) {
          words += 1;
          if (!ocr) continue;
          ocrWords += 1;
          sum += word.confidence;
          if (word.confidence < LOW_OCR) low += 1;
        }
      }
    }
  }
  return { ocrMean: ocrWords ? sum / ocrWords : 1, ocrLowShare: ocrWords ? low / ocrWords : 0, ocrRead: ocrWords > 0, pages: model.pages.length, words };
}

const share = (text: string, pattern: RegExp) => (text.length ? (text.match(pattern) ?? []).length / text.length : 0);

const oneHot = <T extends string>(list: readonly T[], value: string | undefined) => list.map((v) => (v === value ? 1 : 0));

/** A day and month both ≤ 12 (and different): the document's date order decided the reading, not the date itself. */
function ambiguousOrder(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 0;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return day <= 12 && month <= 12 && day !== month ? 1 : 0;
}

const normalised = (v: FieldValue) => (typeof v === "number" ? v.toFixed(2) : String(v).trim().toLowerCase());

export type ScalarValue = { field: FieldDefinition; value: FieldValue; meta: ValueMetadata };

/** The feature vector of one emitted scalar value, in VALUE_FEATURE_NAMES order. `others` are the document's other
 * scalar values (for "another field holds the same value"). */
export function valueFeatures(input: { item: ScalarValue; others: ScalarValue[]; reading: DocumentReading }): number[] {
  const { item, others, reading } = input;
  const { field, value, meta } = item;
  const evidence = meta.evidence ?? { strategy: "other" };
  const concept = isKnownField(field) ? (resolveConcept(field)?.key ?? null) : null;
  const text = typeof value === "number" ? String(value) : String(value ?? "");
  const raw = meta.raw ?? text;
  const amount = typeof value === "number" ? value : null;
  const ocr = evidence.ocr === null || evidence.ocr === undefined ? null : evidence.ocr;
  const source = meta.source;
  const strategy = (STRATEGIES as readonly string[]).includes(evidence.strategy) ? evidence.strategy : "other";
  const features = [
    ...oneHot(CONCEPTS, concept ?? undefined),
    concept ? 0 : 1,
    ...oneHot(STRATEGIES, strategy),
    strategy === "other" ? 1 : 0,
    ...oneHot(KINDS, kindOf(evidence)),
    field.type === "date" ? 1 : 0,
    field.type === "number" || field.type === "currency" ? 1 : 0,
    Math.max(0, Math.min(1, evidence.score ?? 0)),
    evidence.typeOk === false ? 0 : evidence.typeOk === true ? 1 : 0.5,
    evidence.arithmetic ?? 0,
    Math.min(3, evidence.agreement ?? 0),
    evidence.rival ? 1 : 0,
    typeof evidence.match === "number" ? evidence.match : -1,
    ocr === null ? 0 : 1,
    ocr ?? 1,
    reading.ocrMean,
    reading.ocrLowShare,
    Math.min(20, reading.pages),
    Math.log10(1 + reading.words),
    Math.min(200, text.length),
    text.split(/\s+/).filter(Boolean).length,
    share(text, /\d/g),
    share(text, /\p{L}/gu),
    share(text, /\p{Lu}/gu),
    text.length ? Math.min(5, raw.length / text.length) : 0,
    amount === null ? -1 : Math.log10(1 + Math.abs(amount)),
    amount !== null && amount < 0 ? 1 : 0,
    amount !== null && Number.isInteger(amount) ? 1 : 0,
    typeof value === "string" ? ambiguousOrder(value) : 0,
    source ? source.y : -1,
    source ? source.h : -1,
    source ? Math.min(10, reading.pages - source.page) : -1,
    others.filter((o) => o.value !== null && normalised(o.value) === normalised(value)).length,
  ];
  return features;
}
