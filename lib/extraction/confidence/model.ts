import type { ValueEvidence } from "../types";
import { BASE_FEATURES, featureVector } from "./features";
import { dot, sigmoid } from "./logistic";
import fitted from "./model.json";

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
};

export const CALIBRATION: CalibrationModel = fitted as CalibrationModel;

/** The calibrated probability that a value with this evidence is right. */
export function calibratedConfidence(evidence: ValueEvidence, fallbackScore: number, model: CalibrationModel = CALIBRATION): number {
  if (model.exactStrategies.includes(evidence.strategy)) return 1;
  if (model.features.length !== BASE_FEATURES.length) throw new Error("Calibration model does not match the engine's features: run npm run calibrate");
  const p = sigmoid(dot(model.weights, featureVector(evidence, fallbackScore, model.strategies)));
  const known = model.strategies.includes(evidence.strategy);
  return Math.round(1000 * (known ? p : Math.min(p, model.unknownStrategyCap))) / 1000;
}
