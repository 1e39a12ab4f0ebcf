/**
 * Fitting the value calibrator: sender-group folds give out-of-fold margins, which alone fit the Platt scaling and
 * choose the abstain threshold; the shipped trees are then trained on every example.
 */
import { VALUE_FEATURE_NAMES } from "../../lib/extraction/scorer/value-features";
import type { ValueCalibrator } from "../../lib/extraction/scorer/calibrator";
import { rawScore, sigmoid } from "../../lib/extraction/scorer/model";
import { foldOf, FOLDS } from "./fit";
import { DEFAULT_SETTINGS, fitPlatt, trainGbdt, type GbdtSettings } from "./gbdt";
import type { ValueExample } from "./value-examples";

/** Abstain thresholds tried on the out-of-fold probabilities of the real (not synthetic) documents; the one with the
 * best field F1 wins (ties: the higher). */
export const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];

export type Judged = { emitted: boolean; hasTruth: boolean; right: boolean; confidence: number };

export type Figures = { truths: number; values: number; precision: number; recall: number; f1: number; atNinety: number; rightAtNinety: number; ece: number };

/** Field F1 as the benchmark counts it (a wrong value is a false positive and, where the truth has one, a miss),
 * precision, values at confidence ≥ 0.9 and the share of them right, ECE over emitted values (10 bins). */
export function figures(rows: Judged[]): Figures {
  const emitted = rows.filter((r) => r.emitted);
  const tp = emitted.filter((r) => r.right).length;
  const fp = emitted.length - tp;
  const fn = rows.filter((r) => r.hasTruth && !(r.emitted && r.right)).length;
  const high = emitted.filter((r) => r.confidence >= 0.9);
  let ece = 0;
  for (let b = 0; b < 10; b += 1) {
    const bin = emitted.filter((r) => Math.min(9, Math.floor(r.confidence * 10)) === b);
    if (bin.length === 0) continue;
    const accuracy = bin.filter((r) => r.right).length / bin.length;
    const confidence = bin.reduce((s, r) => s + r.confidence, 0) / bin.length;
    ece += (bin.length / emitted.length) * Math.abs(accuracy - confidence);
  }
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    truths: rows.filter((r) => r.hasTruth).length,
    values: emitted.length,
    precision: r3(emitted.length ? tp / emitted.length : 0),
    recall: r3(tp / Math.max(1, tp + fn)),
    f1: r3(tp ? (2 * tp) / (2 * tp + fp + fn) : 0),
    atNinety: high.length,
    rightAtNinety: r3(high.length ? high.filter((r) => r.right).length / high.length : 0),
    ece: r3(ece),
  };
}

/** Examples judged with today's confidence, or with probabilities `p` (one per example; null: not judged, kept as is)
 * and abstention below `threshold`. */
export function judge(examples: ValueExample[], p?: Array<number | null>, threshold = 0): Judged[] {
  return examples.map((e, i) => {
    const q = p?.[i] ?? null;
    if (q === null) return { emitted: e.emitted, hasTruth: e.hasTruth, right: e.right, confidence: e.before };
    const kept = e.emitted && q >= threshold;
    return { emitted: kept, hasTruth: e.hasTruth, right: kept && e.right, confidence: q };
  });
}

function trainOn(examples: ValueExample[], settings: GbdtSettings) {
  const rows = examples.filter((e) => e.features !== null);
  return trainGbdt(
    rows.map((e) => e.features!),
    rows.map((e) => (e.right ? 1 : 0)),
    settings,
  );
}

/** A finder needs this many values in the corpus before the calibrator judges its values. */
export const MIN_STRATEGY_VALUES = 30;

/** The finders with enough values; the examples of the others are left unjudged (features null). */
export function judgedStrategies(examples: ValueExample[]): { strategies: string[]; judged: ValueExample[] } {
  const counts = new Map<string, number>();
  for (const e of examples) if (e.features && e.strategy) counts.set(e.strategy, (counts.get(e.strategy) ?? 0) + 1);
  const strategies = [...counts].filter(([, n]) => n >= MIN_STRATEGY_VALUES).map(([s]) => s).sort();
  return { strategies, judged: examples.map((e) => (e.features && e.strategy && strategies.includes(e.strategy) ? e : { ...e, features: null })) };
}

export type CalibratorFit = { model: ValueCalibrator; oof: Array<number | null> };

export function fitCalibrator(all: ValueExample[], note: string, settings: GbdtSettings = DEFAULT_SETTINGS): CalibratorFit {
  const { strategies, judged: examples } = judgedStrategies(all);
  const margins: Array<number | null> = examples.map(() => null);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const train = examples.filter((e) => foldOf(e.group) !== fold);
    if (train.length === examples.length || train.length === 0) continue;
    const trees = trainOn(train, settings);
    examples.forEach((e, i) => {
      if (foldOf(e.group) === fold && e.features) margins[i] = rawScore(trees, e.features);
    });
  }
  const judged = examples.map((e, i) => ({ e, m: margins[i] })).filter((r): r is { e: ValueExample; m: number } => r.m !== null && r.m !== undefined);
  const platt = fitPlatt(
    judged.map((r) => r.m),
    judged.map((r) => (r.e.right ? 1 : 0)),
  );
  const oof = margins.map((m) => (m === null ? null : sigmoid(platt.a * m + platt.b)));
  // The threshold suits real documents: synthetic layouts are easier, and would let it abstain less than real
  // senders need (the synthetic values still shape the trees and the scaling).
  const real = examples.map((e, i) => ({ e, p: oof[i] ?? null })).filter((r) => !r.e.source.startsWith("synthetic"));
  const chooseOn = real.length > 0 ? real : examples.map((e, i) => ({ e, p: oof[i] ?? null }));
  let abstainBelow = THRESHOLDS[0]!;
  let best = -1;
  for (const t of THRESHOLDS) {
    const f1 = figures(judge(chooseOn.map((r) => r.e), chooseOn.map((r) => r.p), t)).f1;
    if (f1 >= best) {
      best = f1;
      abstainBelow = t;
    }
  }
  const trees = trainOn(examples, settings);
  const sources = [...new Set(examples.map((e) => e.source))].sort();
  const bySource = Object.fromEntries(sources.map((s) => {
    const of = examples.map((e, i) => ({ e, p: oof[i] ?? null })).filter((r) => r.e.source === s);
    const ex = of.map((r) => r.e);
    return [s, { before: figures(judge(ex)), after: figures(judge(ex, of.map((r) => r.p), abstainBelow)) }];
  }));
  const model: ValueCalibrator = {
    version: 1,
    trainedOn: note,
    features: [...VALUE_FEATURE_NAMES],
    ...trees,
    platt,
    abstainBelow,
    strategies,
    report: {
      settings,
      folds: FOLDS,
      examples: examples.length,
      judged: judged.length,
      thresholds: THRESHOLDS,
      senderFolds: { all: { before: figures(judge(examples)), after: figures(judge(examples, oof, abstainBelow)) }, bySource },
    },
  };
  return { model, oof };
}
