import { rawScore, sigmoid, type Tree } from "../scorer/model";
import { modelInForce, observed } from "../scorer/in-force";
import fitted from "./row-model.json";
import { ROW_FEATURE_NAMES } from "./row-features";

/**
 * The row classifier (written by `npm run train`, scripts/train/table-rows.ts, committed as row-model.json; model card
 * ROW-MODEL.md): for each line under a line-item table's header, one gradient-boosted ensemble per role over
 * ROW_FEATURE_NAMES (one role against the rest), the line's role being the one of highest probability.
 */
export const ROW_ROLES = ["item", "continuation", "heading", "other"] as const;
export type RowRole = (typeof ROW_ROLES)[number];

export type RowModel = {
  version: 1;
  trainedOn: string;
  features: string[];
  roles: Record<RowRole, { base: number; learningRate: number; trees: Tree[] }>;
  /** What it saw, its settings and its group-fold figures. */
  report: Record<string, unknown>;
  /**
   * How the engine uses it: `lines` (the default) decides the text lines under an item (heading, description or
   * neither); `veto` decides nothing but refuses a line the rules would start an item with when it is sure the line is
   * no item (a subtotal, a page's foot, a heading), the rules deciding everything else.
   */
  policy?: "lines" | "veto";
  /** With `veto`: how sure (the probability of `other` or `heading`, one minus that of `item`) a refusal must be. */
  vetoAt?: number;
};

export const ROW_MODEL: RowModel | null = (fitted as { version?: number }).version === 1 ? (fitted as unknown as RowModel) : null;

/**
 * The model in force: none. It gained a little on the held-out layouts (cells 0.674 -> 0.677) but cut wrapped
 * descriptions on the dev sets (invoices-dev 0.952 -> 0.940), so the rules decide (ROW-MODEL.md); as a veto, the model
 * retrained with features relative to its table refuses no line of any measured set, so it gains nothing; `withRowModel`
 * swaps one in for tests and experiments.
 */
const rowModelInForce = modelInForce<RowModel>(null);
export const withRowModel = rowModelInForce.withModel;
export const withRowModelAsync = rowModelInForce.withModelAsync;
export const rowModelNow = rowModelInForce.current;

const sameFeatures = (m: RowModel) => m.features.length === ROW_FEATURE_NAMES.length && m.features.every((f, i) => f === ROW_FEATURE_NAMES[i]);

/** Each role's probability for one line (one-against-the-rest, not normalised). */
export function roleProbabilities(model: RowModel, x: readonly number[]): Record<RowRole, number> {
  return Object.fromEntries(ROW_ROLES.map((role) => [role, sigmoid(rawScore(model.roles[role], x))])) as Record<RowRole, number>;
}

/** The role of highest probability, or null without a usable model in force or with one that only vetoes items. */
export function rowRole(x: readonly number[]): RowRole | null {
  const model = rowModelInForce.current();
  if (!model || !sameFeatures(model) || model.policy === "veto") return null;
  const p = roleProbabilities(model, x);
  return ROW_ROLES.reduce((best, role) => (p[role] > p[best] ? role : best), ROW_ROLES[0]);
}

/** A refusal's default certainty: a vetoed item cannot come back, so only a near-certain call refuses one. */
const VETO_AT = 0.97;

/**
 * Whether the model in force (policy `veto`) is sure a line the rules would start an item with is none: `other` or
 * `heading` at `vetoAt` or more and `item` at one minus that or less.
 */
export function vetoesItem(x: readonly number[]): boolean {
  const model = rowModelInForce.current();
  if (!model || !sameFeatures(model) || model.policy !== "veto") return false;
  const sure = model.vetoAt ?? VETO_AT;
  const p = roleProbabilities(model, x);
  return p.item <= 1 - sure && Math.max(p.other, p.heading) >= sure;
}

/**
 * Where the lines the veto refuses as items are told (the benchmark counts them); none by default, so the engine keeps
 * no document's text after it is done with it.
 */
let vetoObserver: ((text: string) => void) | null = null;
export const observeVetoes = (observe: ((text: string) => void) | null): void => {
  vetoObserver = observe;
};
export const reportVeto = (text: string): void => vetoObserver?.(text);

/** Training's view of the lines the engine reads under a header: their features and words, in reading order. */
export type ObservedRow = { page: number; text: string; features: number[] };
const rowsObserved = observed<ObservedRow>();

/** Runs `fn` with every line read under a line-item header reported to `observe` (training only). */
export const observeTableRows = rowsObserved.observe;

/** True when a caller collects rows or a model is in force: only then are the features computed. */
export const rowFeaturesWanted = (): boolean => rowsObserved.watching() || rowModelInForce.current() !== null;
export const reportRow = rowsObserved.report;
