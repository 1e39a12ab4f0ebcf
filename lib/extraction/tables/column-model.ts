import { rawScore, sigmoid, type Tree } from "../scorer/model";
import { modelInForce, observed } from "../scorer/in-force";
import fitted from "./column-model.json";
import { COLUMN_CONCEPTS_TYPED, COLUMN_FEATURE_NAMES, type ColumnConceptKey } from "./column-features";
import type { TypedColumn } from "./column-typing";

/**
 * The column typer (trained by scripts/train/table-columns.ts, `npm run train -- --columns-only`; docs/extraction.md
 * "The column typer"): for each column of a header-led line-item table, one gradient-boosted ensemble per concept over
 * COLUMN_FEATURE_NAMES (that concept against the rest), the column's concept being the one of highest probability.
 * The committed column-model.json is in force (model card COLUMN-MODEL.md); the bench's `--column-model <file>` puts
 * another in force for a run, `--column-model none` runs without one.
 */
export type ColumnModel = {
  version: 1;
  trainedOn: string;
  features: string[];
  concepts: Record<ColumnConceptKey, { base: number; learningRate: number; trees: Tree[] }>;
  /** What it saw, its settings and its fold figures. */
  report: Record<string, unknown>;
  /** How sure (normalised probability) the model must be to type a column the header named nothing. */
  unnamedAt?: number;
  /** How sure it must be to retype a column the header (or the hand rules) named otherwise (above 1: never). */
  namedAt?: number;
};

export const COLUMN_MODEL: ColumnModel | null = (fitted as { version?: number }).version === 1 ? (fitted as unknown as ColumnModel) : null;

/**
 * In force: it only types columns the header named nothing, at 0.97 or more, so on the unseen fifth tuning set line-item
 * cells rose 0.786 -> 0.811 and on the held-out layouts 0.780 -> 0.783, with no set losing (docs/extraction.md,
 * "The column typer").
 */
const columnModelInForce = modelInForce<ColumnModel>(COLUMN_MODEL);
export const withColumnModel = columnModelInForce.withModel;
export const withColumnModelAsync = columnModelInForce.withModelAsync;
export const columnModelNow = columnModelInForce.current;

const DATE_SHARE = COLUMN_FEATURE_NAMES.indexOf("date_share");
const sameFeatures = (m: ColumnModel) => m.features.length === COLUMN_FEATURE_NAMES.length && m.features.every((f, i) => f === COLUMN_FEATURE_NAMES[i]);

/** Each concept's probability for one column, normalised over the concepts (one-against-the-rest ensembles). */
export function conceptProbabilities(model: ColumnModel, x: readonly number[]): Record<ColumnConceptKey, number> {
  const raw = COLUMN_CONCEPTS_TYPED.map((c) => sigmoid(rawScore(model.concepts[c], x)));
  const total = raw.reduce((s, v) => s + v, 0) || 1;
  return Object.fromEntries(COLUMN_CONCEPTS_TYPED.map((c, i) => [c, raw[i]! / total])) as Record<ColumnConceptKey, number>;
}

export function bestConcept(model: ColumnModel, x: readonly number[]): { concept: ColumnConceptKey; p: number } {
  const p = conceptProbabilities(model, x);
  const concept = COLUMN_CONCEPTS_TYPED.reduce((best, c) => (p[c] > p[best] ? c : best), COLUMN_CONCEPTS_TYPED[0]);
  return { concept, p: p[concept] };
}

/**
 * Defaults, measured 2026-12-01 (docs/extraction.md, "The column typer"): at 0.9 for unnamed columns dev lost cells
 * (0.936 -> 0.926), at 0.97 it held; overruling a header's word at 0.98 cost invoices-dev (0.952 -> 0.930), so never.
 */
const UNNAMED_AT = 0.97;
const NAMED_AT = Infinity;

/** The concept the header match and the hand rules gave a column ("" -> other). */
export const rulesConcept = (c: TypedColumn): ColumnConceptKey => ((COLUMN_CONCEPTS_TYPED as readonly string[]).includes(c.key) ? (c.key as ColumnConceptKey) : "other");

/**
 * Retypes the columns with the model in force, in place: a column gets the model's concept when the model is sure
 * enough (`unnamedAt` for a column the header named nothing, `namedAt` against a header's word), the table's field for
 * that concept exists and no other column keeps it. A column typed away from a concept it held gives its field up.
 * True when any column changed. Without a model in force (the default) nothing changes.
 */
export function retypeColumns(columns: TypedColumn[], features: number[][], fieldForKey: Map<string, string>): boolean {
  const model = columnModelInForce.current();
  if (!model || !sameFeatures(model)) return false;
  const unnamedAt = model.unnamedAt ?? UNNAMED_AT;
  const namedAt = model.namedAt ?? NAMED_AT;
  const calls = columns
    .map((column, k) => ({ column, dates: features[k]![DATE_SHARE]!, ...bestConcept(model, features[k]!) }))
    // The training corpus holds no column of dates, so the model's call on one is a guess (a "Date" column read as
    // quantities cost the second tuning set 16 rows): such a column keeps the rules' type.
    .filter(({ column, concept, p, dates }) => concept !== rulesConcept(column) && dates < 0.5 && p >= (column.key === "" ? unnamedAt : namedAt))
    .sort((a, b) => b.p - a.p);
  let changed = false;
  for (const { column, concept } of calls) {
    const field = concept === "other" || concept === "date" ? null : (fieldForKey.get(concept) ?? null);
    if (concept !== "other" && concept !== "date" && (field === null || columns.some((c) => c !== column && c.key === concept))) continue;
    column.key = concept === "other" ? "" : concept;
    column.field = field;
    changed = true;
  }
  return changed;
}

/** Training's view of a header-led table: each column's rules concept, its features and its cells' texts. */
export type ObservedColumns = { page: number; columns: Array<{ key: string; label: string; features: number[]; cells: string[] }> };
const columnsObserved = observed<ObservedColumns>();

/** Runs `fn` with every header-led table's columns reported to `observe` (training only). */
export const observeTableColumns = columnsObserved.observe;

/**
 * True when a caller collects columns, or the model in force could retype one of these: only then are the features
 * computed. By default it types only columns the header named nothing, so a table whose every column was named costs
 * nothing (the features doubled the line-item stage's time, 1.3 -> 3.0 ms a page, when computed for every table).
 */
export function columnFeaturesWanted(columns: readonly TypedColumn[]): boolean {
  if (columnsObserved.watching()) return true;
  const model = columnModelInForce.current();
  return model !== null && (Number.isFinite(model.namedAt ?? NAMED_AT) || columns.some((column) => column.key === ""));
}
export const reportColumns = columnsObserved.report;
