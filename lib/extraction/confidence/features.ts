import type { ValueEvidence } from "../types";

/** Kinds with a weight of their own; the rest count as "text". Money, dates and ids fail in different ways. */
export const KINDS = ["amount", "date", "id", "code", "name", "address", "text", "cell-number", "cell-text"] as const;
const CODE_KINDS = new Set(["currency", "iban", "vat"]);
/** Kinds whose OCR reading goes wrong more often than the word confidences say (long strings, many letters). */
const OCR_SENSITIVE = ["name", "address", "date", "amount"] as const;

export function kindOf(evidence: ValueEvidence): (typeof KINDS)[number] {
  const kind = evidence.kind ?? "text";
  if (CODE_KINDS.has(kind)) return "code";
  return (KINDS as readonly string[]).includes(kind) ? (kind as (typeof KINDS)[number]) : "text";
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const logit = (p: number) => Math.log(p / (1 - p));

/** Names of the features, in vector order after the strategy block; the model file lists them to catch drift. */
export const BASE_FEATURES = [
  "bias",
  "logit_score",
  "ocr",
  "ocr_deficit",
  "type_fail",
  "arithmetic_ok",
  "arithmetic_bad",
  "agreement",
  "rival",
  "match_deficit",
  "wrapped",
  ...KINDS.map((k) => `kind_${k}`),
  ...OCR_SENSITIVE.map((k) => `ocr_x_${k}`),
];

/**
 * The feature vector of one value: the strategy's score on the logit scale, OCR, type and arithmetic checks,
 * agreement and rivals, its kind, and one indicator per known strategy (all zero for a strategy the model was not
 * fitted on).
 */
export function featureVector(evidence: ValueEvidence, fallbackScore: number, strategies: readonly string[]): number[] {
  const score = clamp(evidence.score ?? fallbackScore, 0.02, 0.98);
  const ocr = evidence.ocr === null || evidence.ocr === undefined ? null : clamp(evidence.ocr, 0, 1);
  const kind = kindOf(evidence);
  return [
    1,
    logit(score),
    ocr === null ? 0 : 1,
    ocr === null ? 0 : 1 - ocr,
    evidence.typeOk === false ? 1 : 0,
    // A value the arithmetic itself chose (any printed amount that makes the sum work) is not confirmed by it.
    evidence.arithmetic === 1 && evidence.strategy !== "arithmetic" ? 1 : 0,
    evidence.arithmetic === -1 ? 1 : 0,
    Math.min(2, evidence.agreement ?? 0) / 2,
    evidence.rival ? 1 : 0,
    // How far the label, cue words or form name fell short of an exact match (form and narrative readers set it).
    typeof evidence.match === "number" ? 1 - clamp(evidence.match, 0, 1) : 0,
    // A table text cell over several lines: its extent (where the wrapped text ends) is a guess.
    evidence.wrapped ? 1 : 0,
    ...KINDS.map((k) => (k === kind ? 1 : 0)),
    ...OCR_SENSITIVE.map((k) => (ocr !== null && k === kind ? 1 : 0)),
    ...strategies.map((s) => (s === evidence.strategy ? 1 : 0)),
  ];
}
