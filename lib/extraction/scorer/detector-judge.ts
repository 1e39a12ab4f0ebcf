import type { FieldDefinition, FieldMetadata, FieldValue, ValueMetadata } from "../types";
import { isKnownField } from "../fields/generic/generic-fields";
import { detectorOwns } from "../fields/detectors/choose";
import fitted from "./detector-judge.json";
import { modelInForce } from "./in-force";
import { JUDGE_FEATURE_NAMES, judgeFeatures } from "./judge-features";
import { rawScore, sigmoid, type TreeEnsemble } from "./model";

/**
 * The detector judge (written by scripts/train/detector-judge.ts, committed as detector-judge.json): gradient-boosted
 * trees over JUDGE_FEATURE_NAMES whose output is the log-odds that a value of a parser of another kind is right.
 * Below `dropBelow` the engine leaves the field empty.
 */
export type DetectorJudge = TreeEnsemble & {
  dropBelow: number;
  /** Its settings and its leave-one-kind-out figures (docs/other-kinds.md, "The detector judge"). */
  report: Record<string, unknown>;
};

export const DETECTOR_JUDGE: DetectorJudge | null = (fitted as { version?: number }).version === 1 ? (fitted as unknown as DetectorJudge) : null;

/**
 * The judge in force: none. Leave-one-kind-out on the real documents of other kinds it did not raise precision
 * without losing more F1 than it gained (docs/other-kinds.md, "The detector judge"); `withDetectorJudge` swaps one in.
 */
const judgeInForce = modelInForce<DetectorJudge>(null);

export const withDetectorJudge = judgeInForce.withModel;

const isValueMeta = (meta: FieldMetadata | undefined): meta is ValueMetadata => meta !== undefined && !("rows" in meta);
const sameFeatures = (judge: DetectorJudge) => judge.features.length === JUDGE_FEATURE_NAMES.length && judge.features.every((f, i) => f === JUDGE_FEATURE_NAMES[i]);

/** The judge's probability that a value is right. */
export function judgeProbability(judge: Pick<DetectorJudge, "base" | "learningRate" | "trees">, x: readonly number[]): number {
  return sigmoid(rawScore(judge, x));
}

/**
 * Drops the values of a parser of another kind (one asking for a field the invoice vocabulary does not know) that the
 * judge in force does not trust. No-op without a judge, or for an invoice parser.
 */
export function applyDetectorJudge(options: { fields: FieldDefinition[]; data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> }): void {
  const judge = judgeInForce.current();
  if (!judge || !sameFeatures(judge)) return;
  const { fields, data, fieldMetadata } = options;
  if (!fields.some((f) => f.type !== "table" && (!isKnownField(f) || detectorOwns(f)))) return;
  for (const field of fields) {
    const meta = fieldMetadata[field.name];
    const value = data[field.name];
    if (field.type === "table" || !isValueMeta(meta) || !meta.evidence || meta.evidence.strategy === "e-invoice" || value === null || value === undefined || Array.isArray(value)) continue;
    if (judgeProbability(judge, judgeFeatures(field, value, meta)) >= judge.dropBelow) continue;
    data[field.name] = null;
    fieldMetadata[field.name] = { confidence: 0, source: null };
  }
}
