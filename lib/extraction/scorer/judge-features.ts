/**
 * The evidence of one value of a field of another kind (a parser's own field the invoice vocabulary does not know,
 * or one it claims on a document of another kind), as the detector judge reads it: which finder and detector gave
 * it, how well its label matched, whether its shape is its type's, where it stands, and what it looks like. Computed
 * from the value and its metadata alone, so the engine and the training scripts compute the same vector.
 */
import type { FieldDefinition, FieldValue, ValueMetadata } from "../types";

const STRATEGIES = ["detector-label", "detector-unique", "detector-layout", "label", "layout", "fallback", "form-label", "acroform", "narrative", "derived", "checkbox"] as const;
const KINDS = ["email", "phone", "url", "account", "money", "period-start", "period-end", "person", "organisation", "text", "date", "address", "time", "title", "name", "amount", "id", "iban", "section", "year", "subject"] as const;
const TYPES = ["text", "date", "currency", "number", "email", "phone", "url", "address"] as const;

export const JUDGE_FEATURE_NAMES = [
  ...STRATEGIES.map((s) => `strategy_${s}`),
  "strategy_other",
  ...KINDS.map((k) => `kind_${k}`),
  "kind_other",
  ...TYPES.map((t) => `type_${t}`),
  "score",
  "match",
  "type_ok",
  "agreement",
  "rival",
  "ocr_min",
  "confidence",
  "value_chars",
  "value_words",
  "value_digit_share",
  "value_upper_share",
  "value_commas",
  "value_colon",
  "raw_lines",
  "box_top",
  "box_height",
  "page",
] as const;

const oneHot = (names: readonly string[], value: string | undefined): number[] => names.map((n) => (n === value ? 1 : 0));
const share = (text: string, pattern: RegExp): number => (text.length ? (text.match(pattern) ?? []).length / text.length : 0);

/** The judge's feature vector of one value, in JUDGE_FEATURE_NAMES order. */
export function judgeFeatures(field: Pick<FieldDefinition, "type">, value: FieldValue, meta: Pick<ValueMetadata, "confidence" | "evidence" | "raw" | "source">): number[] {
  const evidence = meta.evidence ?? { strategy: "other" };
  const text = String(value ?? "").trim();
  const raw = meta.raw ?? text;
  const strategy = (STRATEGIES as readonly string[]).includes(evidence.strategy) ? evidence.strategy : undefined;
  const kind = (KINDS as readonly string[]).includes(evidence.kind ?? "") ? evidence.kind : undefined;
  const source = meta.source;
  return [
    ...oneHot(STRATEGIES, strategy),
    strategy ? 0 : 1,
    ...oneHot(KINDS, kind),
    kind ? 0 : 1,
    ...oneHot(TYPES, field.type),
    Math.max(0, Math.min(1, evidence.score ?? meta.confidence ?? 0)),
    typeof evidence.match === "number" ? evidence.match : -1,
    evidence.typeOk === false ? 0 : evidence.typeOk === true ? 1 : 0.5,
    Math.min(3, evidence.agreement ?? 0),
    evidence.rival ? 1 : 0,
    evidence.ocr === null || evidence.ocr === undefined ? 1 : evidence.ocr,
    meta.confidence ?? 0,
    Math.min(200, text.length),
    text.split(/\s+/).filter(Boolean).length,
    share(text, /\d/g),
    share(text, /\p{Lu}/gu),
    (text.match(/,/g) ?? []).length,
    /:/.test(text) ? 1 : 0,
    raw.split("\n").length,
    source ? source.y : -1,
    source ? source.h : -1,
    source ? Math.min(10, source.page) : -1,
  ];
}
