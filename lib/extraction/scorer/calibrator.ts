import type { FieldDefinition, FieldMetadata, FieldValue, PageModel, ValueMetadata } from "../types";
import fitted from "./calibrator.json";
import { modelInForce } from "./in-force";
import { rawScore, sigmoid, type TreeEnsemble } from "./model";
import { documentReading, VALUE_FEATURE_NAMES, valueFeatures, type ScalarValue } from "./value-features";

/**
 * The value calibrator (written by `npm run train`, scripts/train/calibrator-fit.ts, committed as calibrator.json):
 * gradient-boosted trees over VALUE_FEATURE_NAMES whose summed output is the log-odds that the rules' chosen value
 * of a scalar field is right, Platt-scaled on out-of-fold predictions of sender-group folds. Below `abstainBelow`
 * the engine leaves the field empty: a wrong value a reviewer trusts costs more than an empty one.
 */
export type ValueCalibrator = TreeEnsemble & {
  platt: { a: number; b: number };
  abstainBelow: number;
  /** The finders (evidence strategies) it judges: those the training corpus gave enough values of. A value another
   * finder produced (a form reader, a detector of a field no training document asks for) keeps the confidence of
   * `confidence/`: the calibrator has not seen how it fails. */
  strategies: string[];
  /** What it saw, its settings and its out-of-fold figures (for MODEL.md). */
  report: Record<string, unknown>;
};

export const CALIBRATOR: ValueCalibrator | null = (fitted as { version?: number }).version === 1 ? (fitted as unknown as ValueCalibrator) : null;

/**
 * The calibrator in force. The committed one is not: left out of training, a source is judged worse than by today's
 * confidences (MODEL.md: SROIE left out 0.803 field F1 against 0.879, e-invoices 0.963 against 0.972), and on the dev
 * sets it costs F1 through abstentions. Training and `bench:extract -- --loso-calibrator` swap it in with
 * `withCalibrator`; once a calibrator wins there, making it the default is `modelInForce(CALIBRATOR)` here.
 */
const calibratorInForce = modelInForce<ValueCalibrator>(null);

/** Runs `fn` with `model` as the value calibrator (null: the confidences of `confidence/` alone), restoring it after. */
export const withCalibrator = calibratorInForce.withModel;
/** `withCalibrator` for an asynchronous run (a benchmark extracting a whole document); runs must not overlap. */
export const withCalibratorAsync = calibratorInForce.withModelAsync;

const sameFeatures = (model: ValueCalibrator) => model.features.length === VALUE_FEATURE_NAMES.length && model.features.every((f, i) => f === VALUE_FEATURE_NAMES[i]);

/** The calibrated probability of one feature vector. */
export function valueProbability(model: Pick<ValueCalibrator, "base" | "learningRate" | "trees" | "platt">, x: readonly number[]): number {
  return sigmoid(model.platt.a * rawScore(model, x) + model.platt.b);
}

const isValueMeta = (meta: FieldMetadata | undefined): meta is ValueMetadata => meta !== undefined && !("rows" in meta);
const isEmpty = (v: FieldValue | undefined) => v === null || v === undefined || v === "" || Array.isArray(v);

/**
 * The document's scalar values the calibrator judges: emitted, with the rules' evidence, and not exact by construction
 * (an e-invoice's own XML, a person's correction, an LLM's answer carry no evidence or their own confidence).
 */
export function judgedValues(fields: FieldDefinition[], data: Record<string, FieldValue>, fieldMetadata: Record<string, FieldMetadata>): ScalarValue[] {
  const out: ScalarValue[] = [];
  for (const field of fields) {
    const meta = fieldMetadata[field.name];
    if (field.type === "table" || !isValueMeta(meta) || !meta.evidence || meta.evidence.strategy === "e-invoice" || isEmpty(data[field.name])) continue;
    out.push({ field, value: data[field.name]!, meta });
  }
  return out;
}

/** Every judged value's feature vector, keyed by field name (training reads these; so does the engine). */
export function judgedFeatures(model: PageModel, fields: FieldDefinition[], data: Record<string, FieldValue>, fieldMetadata: Record<string, FieldMetadata>): Map<string, number[]> {
  const values = judgedValues(fields, data, fieldMetadata);
  const reading = documentReading(model);
  return new Map(values.map((item) => [item.field.name, valueFeatures({ item, others: values.filter((o) => o !== item), reading })]));
}

/**
 * Replaces each judged value's confidence with the calibrator's probability, and empties the field where that
 * probability is below the abstain threshold. No-op when no calibrator is in force or it was fitted on other features.
 */
export function applyValueCalibrator(options: { model: PageModel; fields: FieldDefinition[]; data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> }): void {
  const calibrator = calibratorInForce.current();
  if (!calibrator || !sameFeatures(calibrator)) return;
  const { model, fields, data, fieldMetadata } = options;
  for (const [name, x] of judgedFeatures(model, fields, data, fieldMetadata)) {
    if (!calibrator.strategies.includes((fieldMetadata[name] as ValueMetadata).evidence?.strategy ?? "")) continue;
    const p = Math.round(1000 * valueProbability(calibrator, x)) / 1000;
    const meta = fieldMetadata[name] as ValueMetadata;
    if (p < calibrator.abstainBelow) {
      data[name] = null;
      fieldMetadata[name] = { confidence: 0, source: null };
      continue;
    }
    meta.confidence = p;
  }
}
