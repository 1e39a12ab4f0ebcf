import { FEATURE_NAMES } from "./features";
import fitted from "./model.json";
import fittedNames from "./name-model.json";
import { NAME_FEATURE_NAMES } from "./name-features";
import { modelInForce } from "./in-force";

/**
 * A trained value scorer (written by `npm run train`, scripts/train/train.ts, committed as model.json): per field,
 * gradient-boosted regression trees over FEATURE_NAMES whose summed output is the log-odds that a candidate is the
 * field's value, and a logistic calibration of the best candidate fitted on out-of-fold predictions only.
 */
export type Tree = {
  /** Node arrays: feature index (-1 for a leaf), threshold, left and right child, leaf value. */
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
};

/** A committed gradient-boosted ensemble: what it was trained on, the features it reads, its trees. */
export type TreeEnsemble = {
  version: 1;
  trainedOn: string;
  /** The feature names it was trained on, in order: an engine with other features must not apply it. */
  features: string[];
  base: number;
  learningRate: number;
  trees: Tree[];
};

export type FieldScorer = {
  kind: "amount" | "date" | "name";
  base: number;
  learningRate: number;
  trees: Tree[];
  /** p(right) = sigmoid(w · [margin, agrees with the rules, the rules abstained, 1]), margin = the best candidate's
   * raw score: whether the rules found the same value says how settled the document is. */
  calibration: { weights: number[]; inputs?: string[] };
  /** Below this calibrated probability the engine abstains (precision before recall). */
  abstainBelow: number;
  /** Features the trees were fitted blind to (zero for every candidate); the calibration still reads them. */
  masked?: string[];
};

export type ScorerModel = {
  version: 1;
  trainedOn: string;
  features: string[];
  fields: Record<string, FieldScorer>;
  /**
   * "decide" (the default): the scorer's choice replaces the rules' pick. "fill": the rules' pick stands and the
   * scorer only fills a field the rules left empty, so on layouts the rules know it can add values but never swap one.
   */
  policy?: "decide" | "fill";
  /**
   * The name scorer only: the rules' pick stands unless the model is at least this sure of another value (or of one
   * where the rules found none). Unset: the model decides (and abstains) on its own.
   */
  sureAt?: number;
  /** What it saw, its settings and its validation figures (for MODEL.md and the benchmark's report). */
  report: Record<string, unknown>;
};

export const SCORER: ScorerModel | null = (fitted as { version?: number }).version === 1 ? (fitted as unknown as ScorerModel) : null;

/** The seller's-name scorer (name-model.json, `npm run train`): the same trees over NAME_FEATURE_NAMES. */
export const NAME_SCORER: ScorerModel | null = (fittedNames as { version?: number }).version === 1 ? (fittedNames as unknown as ScorerModel) : null;

/**
 * The model in force: the committed one. On documents of senders and layouts nobody tuned on it beats the rules it
 * replaces (MODEL.md: the other-layouts set's totals 0.932 -> 0.973 at precision 1.000, sender folds of the training
 * receipts 0.914 -> 0.932); on the dev sets, which the rules were written looking at, it costs about a point on the total
 * and the date. The tax amount joined them on 2026-11-30 (it ties the rules where they were measured, MODEL.md). Training and `bench:extract -- --loso` swap in others with `withScorer`; `withScorer(null, …)` runs
 * the rules alone.
 */
const scorerInForce = modelInForce<ScorerModel>(SCORER);

/** Runs `fn` with `model` as the scorer (null: the rule engine alone), restoring the committed one after. */
export const withScorer = scorerInForce.withModel;
/** `withScorer` for an asynchronous run (a test extracting a whole document); runs must not overlap. */
export const withScorerAsync = scorerInForce.withModelAsync;

/** How the model in force uses its choice (see ScorerModel.policy). */
export function scorerPolicy(): "decide" | "fill" {
  return scorerInForce.current()?.policy ?? "decide";
}

/** A model's scorer for a field, when it has one and was trained on today's features. */
function fieldScorer(active: ScorerModel | null, names: readonly string[], key: string): FieldScorer | null {
  if (!active || active.features.length !== names.length || active.features.some((f, i) => f !== names[i])) return null;
  return active.fields[key] ?? null;
}

/** The scorer for an amount or date field, when the model in force has one and was trained on today's features. */
export function scorerFor(key: string): FieldScorer | null {
  return fieldScorer(scorerInForce.current(), FEATURE_NAMES, key);
}

/**
 * The seller's-name model in force: none. Trained on the corpus it raises the name's precision but not its F1 on the
 * left-out sources or the other layouts (MODEL.md); once one wins there, `modelInForce(NAME_SCORER)` puts it in force.
 * Training and `--loso` swap models in with `withNameScorer`.
 */
const nameScorerInForce = modelInForce<ScorerModel>(null);
export const withNameScorer = nameScorerInForce.withModel;
export const withNameScorerAsync = nameScorerInForce.withModelAsync;

/** How sure the name model in force must be to replace the rules' pick (null: it decides alone). */
export function nameScorerSureAt(): number | null {
  return nameScorerInForce.current()?.sureAt ?? null;
}

/** The scorer for a name field (today the seller's name), when the name model in force has one. */
export function nameScorerFor(key: string): FieldScorer | null {
  return fieldScorer(nameScorerInForce.current(), NAME_FEATURE_NAMES, key);
}

function treeOutput(tree: Tree, x: readonly number[]): number {
  let node = 0;
  while (tree.feature[node]! >= 0) node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  return tree.value[node]!;
}

/** The raw score (log-odds) of one candidate's features. */
export function rawScore(scorer: Pick<FieldScorer, "base" | "learningRate" | "trees">, x: readonly number[]): number {
  let sum = scorer.base;
  for (const tree of scorer.trees) sum += scorer.learningRate * treeOutput(tree, x);
  return sum;
}

type Scored = (x: readonly number[]) => number;
/** Trees per generated function: small enough for V8 to optimise each one. */
const TREES_PER_CHUNK = 25;

/** One tree as a nested conditional over `x`, thresholds and leaves read from the arrays `t` and `v` (no literals printed). */
function treeSource(tree: Tree, node: number, thresholds: number[], leaves: number[]): string {
  const feature = tree.feature[node]!;
  if (feature < 0) {
    leaves.push(tree.value[node]!);
    return `v[${leaves.length - 1}]`;
  }
  thresholds.push(tree.threshold[node]!);
  const at = thresholds.length - 1;
  return `(x[${feature}] <= t[${at}] ? ${treeSource(tree, tree.left[node]!, thresholds, leaves)} : ${treeSource(tree, tree.right[node]!, thresholds, leaves)})`;
}

/**
 * `rawScore` as generated code: each tree a nested conditional, summed in the trees' order with the same products,
 * so every score is the same number, bit for bit; the engine scores thousands of candidates a document and walking
 * node arrays was the scorer's largest cost. The source holds only indices: the numbers come from the model's arrays.
 */
function compile(scorer: Pick<FieldScorer, "base" | "learningRate" | "trees">): Scored {
  const chunks: Array<(x: readonly number[], sum: number) => number> = [];
  for (let first = 0; first < scorer.trees.length; first += TREES_PER_CHUNK) {
    const thresholds: number[] = [];
    const leaves: number[] = [];
    const body = scorer.trees
      .slice(first, first + TREES_PER_CHUNK)
      .map((tree) => `sum += rate * ${treeSource(tree, 0, thresholds, leaves)};`)
      .join("\n");
    const make = new Function("t", "v", "rate", `return (x, sum) => {\n${body}\nreturn sum;\n};`) as (t: Float64Array, v: Float64Array, rate: number) => (x: readonly number[], sum: number) => number;
    chunks.push(make(Float64Array.from(thresholds), Float64Array.from(leaves), scorer.learningRate));
  }
  const base = scorer.base;
  return (x) => {
    let sum = base;
    for (const chunk of chunks) sum = chunk(x, sum);
    return sum;
  };
}

/** Compiled ensembles by their trees array (a model's trees never change once it is in force). */
const compiled = new WeakMap<readonly Tree[], { count: number; base: number; rate: number; score: Scored }>();

/** `rawScore` for many candidates of one model: the ensemble compiled once (see compile), then run per vector. */
export function scoreOf(scorer: Pick<FieldScorer, "base" | "learningRate" | "trees">): Scored {
  const known = compiled.get(scorer.trees);
  if (known && known.count === scorer.trees.length && known.base === scorer.base && known.rate === scorer.learningRate) return known.score;
  const score = compile(scorer);
  compiled.set(scorer.trees, { count: scorer.trees.length, base: scorer.base, rate: scorer.learningRate, score });
  return score;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * What the calibration reads of the best candidate: its margin and its agreement with the rules, then any features the
 * scorer's calibration names (`calibration.inputs`: the name scorer reads whether the page was OCR'd, since its
 * margins mean less on a photo than on a text layer).
 */
export function calibrationInputs(margin: number, features: readonly number[], names: readonly string[] = FEATURE_NAMES, extra: readonly string[] = []): number[] {
  return [margin, features[names.indexOf("rule_same_value")] ?? 0, features[names.indexOf("rule_abstained")] ?? 0, 1, ...extra.map((name) => features[names.indexOf(name)] ?? 0)];
}

/** The calibrated probability that the best candidate is the field's value. */
export function calibrated(scorer: Pick<FieldScorer, "calibration">, inputs: readonly number[]): number {
  return sigmoid(scorer.calibration.weights.reduce((s, w, i) => s + w * (inputs[i] ?? 0), 0));
}
