import type { ValueEvidence } from "../types";
import { BASE_FEATURES, featureVector } from "./features";
import { dot, sigmoid } from "./logistic";
import fitted from "./model.json";
import { readingGroup } from "./reading-doubt";
import { applyShift, type ShiftMap } from "./shift";
import { supportGroup } from "./support";

/**
 * A fitted calibration: logistic weights over `featureVector`, written by `npm run calibrate`
 * (scripts/calibrate.ts) and committed as model.json.
 */
export type CalibrationModel = {
  version: 1;
  /** When and on what the weights were fitted, for the README and the benchmark's report. */
  fittedOn: string;
  features: string[];
  /** Strategies with a weight of their own, in vector order after `features`. */
  strategies: string[];
  weights: number[];
  /** A strategy the fit never saw (a module added since) is read without a strategy weight and capped here: a
   * reviewer looks at it until the fit is run again with that module's values. */
  unknownStrategyCap: number;
  /** Strategies whose values are exact by construction (structured e-invoice data): confidence 1. */
  exactStrategies: string[];
  /** Ceiling per group of values (strategy|kind|text or ocr), from how often that group was right in the fitted half
   * (`support.ts`); a group not listed has none. */
  supportCaps?: Record<string, number>;
  /** Ceiling of a group of a known strategy the fit never saw (a kind of value no fitted document had): the fitted
   * values' overall share right, as a group's ceiling is with no values of its own. Absent: none. */
  unseenGroupCap?: number;
  /** Share right per group of OCR'd names and addresses, read cleanly or in doubt (strategy|kind|clean or doubtful;
   * `reading-doubt.ts`): such a value's confidence. A group not listed is left to the weights. */
  readingRates?: Record<string, number>;
  /** The source-shift map (`shift.ts`): what leaving each training source out of the fit did to the confidence of the
   * fit's values on that source, applied to every value the weights and ceilings judge. Absent: none. */
  shift?: ShiftMap;
};

/** At least one of the three values of a failed sum is wrong: each is right at most 2 times in 3 (0.66, below amber's upper bound). */
export const ARITHMETIC_CONTRADICTION_CAP = 0.66;

export const CALIBRATION: CalibrationModel = fitted as CalibrationModel;

/** The calibrated probability that a value with this evidence is right. */
export function calibratedConfidence(evidence: ValueEvidence, fallbackScore: number, model: CalibrationModel = CALIBRATION): number {
  if (model.exactStrategies.includes(evidence.strategy)) return 1;
  // The learned scorer's probability is already calibrated, on out-of-fold predictions (lib/extraction/scorer); only
  // the logic below (a contradicted sum) still caps it.
  if (evidence.strategy === "scorer") return capContradicted(evidence, evidence.score ?? fallbackScore);
  // A model fitted on other features (the engine changed since) cannot be applied: the strategy's own score stands,
  // capped, until `npm run calibrate` is run again (which itself extracts through this path).
  if (!fitsEngine(model)) {
    return Math.round(1000 * Math.min(evidence.score ?? fallbackScore, model.unknownStrategyCap)) / 1000;
  }
  // An OCR'd name or address: how often values of its finder read as cleanly (or as doubtfully) were right.
  const rate = readingRateOf(evidence, model);
  if (rate !== undefined) return capContradicted(evidence, rate);
  return capContradicted(evidence, applyShift(model.shift, fittedConfidence(evidence, fallbackScore, model)));
}

/** Whether the model was fitted on the features the engine computes today. */
function fitsEngine(model: CalibrationModel): boolean {
  return model.features.length === BASE_FEATURES.length && model.features.every((f, i) => f === BASE_FEATURES[i]);
}

/** The share right of an OCR'd name's or address's reading group, when the model has one for it. */
export function readingRateOf(evidence: ValueEvidence, model: CalibrationModel): number | undefined {
  const group = readingGroup(evidence);
  return group === null ? undefined : model.readingRates?.[group];
}

/** Whether a value's confidence comes from the weights and ceilings (and so the source-shift map applies to it). */
export function judgedByFit(evidence: ValueEvidence, model: CalibrationModel): boolean {
  if (model.exactStrategies.includes(evidence.strategy) || evidence.strategy === "scorer") return false;
  if (!fitsEngine(model)) return false;
  return readingRateOf(evidence, model) === undefined;
}

/** The logistic fit's probability under its group's ceiling, before the source-shift map. */
export function fittedConfidence(evidence: ValueEvidence, fallbackScore: number, model: CalibrationModel): number {
  const p = sigmoid(dot(model.weights, featureVector(evidence, fallbackScore, model.strategies)));
  const known = model.strategies.includes(evidence.strategy);
  const supported = Math.min(p, model.supportCaps?.[supportGroup(evidence)] ?? model.unseenGroupCap ?? 1);
  return known ? supported : Math.min(supported, model.unknownStrategyCap);
}

/**
 * Logic, not fit: when net + tax ≠ total at least one of the three is wrong, so they cannot all be right; without
 * knowing which, none of them is shown as settled. Table rows are left to the fit: their check misses discounts,
 * allowances and prices per 100 units.
 */
function capContradicted(evidence: ValueEvidence, confidence: number): number {
  const contradicted = evidence.arithmetic === -1 && !evidence.kind?.startsWith("cell-");
  return Math.round(1000 * (contradicted ? Math.min(confidence, ARITHMETIC_CONTRADICTION_CAP) : confidence)) / 1000;
}
