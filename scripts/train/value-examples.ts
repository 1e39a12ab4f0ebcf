/**
 * The value calibrator's examples: every scalar field of every corpus document, extracted by the rules (no scorer,
 * no calibrator in force), with the calibrator's features of the chosen value and whether it equals the ground truth
 * (the benchmark's own comparison). Contracts are asked the contracts parser's fields and judged by its rules: a value
 * given where the ground truth has none is wrong.
 */
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import { withScorer } from "../../lib/extraction/scorer";
import { judgedFeatures, withCalibrator } from "../../lib/extraction/scorer/calibrator";
import type { FieldDefinition, FieldValue, PageModel, ValueMetadata } from "../../lib/extraction/types";
import { CONTRACT_FIELDS, contractValueEqual } from "../bench/contracts-scoring";
import { FIELDS } from "../bench/dataset";
import { equal } from "../bench/score";
import { readCached, type CorpusDocument } from "./corpus";

export type ValueExample = {
  source: string;
  group: string;
  doc: string;
  field: string;
  /** The engine gave a value; the ground truth has one; the value equals it. */
  emitted: boolean;
  hasTruth: boolean;
  right: boolean;
  /** The finder that produced the value (its evidence strategy), when emitted. */
  strategy: string | null;
  /** Today's confidence (confidence/ alone). */
  before: number;
  /** The calibrator's features of the value; null when it does not judge it (not emitted, no evidence). */
  features: number[] | null;
};

const CONTRACT_SCALARS = CONTRACT_FIELDS.filter((f) => f.type !== "table");
const INVOICE_SCALARS = FIELDS.filter((f) => f.type !== "table");

/** A contract's ground truth names its parties or one of the contract fields. */
export const isContract = (doc: CorpusDocument) => doc.gt.tables?.parties !== undefined || CONTRACT_SCALARS.some((f) => doc.gt.fields[f.name] !== undefined);

/** The fields asked of a document and how a value is judged: every contract field, or the invoice fields it labels. */
export function askedOf(doc: CorpusDocument): { fields: FieldDefinition[]; same: (key: string, truth: string, value: FieldValue | undefined) => boolean } {
  if (isContract(doc)) return { fields: CONTRACT_SCALARS, same: contractValueEqual };
  return { fields: INVOICE_SCALARS.filter((f) => doc.gt.fields[f.name] !== undefined), same: equal };
}

const isEmpty = (v: FieldValue | undefined) => v === null || v === undefined || v === "" || Array.isArray(v);

/** The examples of one document as extracted from its page model, with whatever scorer and calibrator `run` sets. */
export function documentValues(doc: CorpusDocument, page: PageModel, judged: boolean): ValueExample[] {
  const { fields, same } = askedOf(doc);
  const { data, fieldMetadata } = extractFromPageModel(page, fields);
  const features = judged ? judgedFeatures(page, fields, data, fieldMetadata) : new Map<string, number[]>();
  const out: ValueExample[] = [];
  for (const f of fields) {
    const value = data[f.name];
    const truth = doc.gt.fields[f.name];
    const emitted = !isEmpty(value);
    if (!emitted && truth === undefined) continue;
    const meta = fieldMetadata[f.name] as ValueMetadata | undefined;
    out.push({ source: doc.source, group: doc.group, doc: doc.file, field: f.name, emitted, hasTruth: truth !== undefined, right: emitted && truth !== undefined && same(f.name, truth, value), strategy: meta?.evidence?.strategy ?? null, before: meta?.confidence ?? 0, features: features.get(f.name) ?? null });
  }
  return out;
}

export async function collectValueExamples(docs: CorpusDocument[], cacheDir: string, options: { cachedOnly?: boolean } = {}): Promise<ValueExample[]> {
  const out: ValueExample[] = [];
  for (const doc of docs) {
    const page = await readCached(doc, cacheDir, options.cachedOnly ?? false);
    if (!page) continue;
    out.push(...withScorer(null, () => withCalibrator(null, () => documentValues(doc, page, true))));
  }
  return out;
}
