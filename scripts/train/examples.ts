/**
 * Training examples: every amount or date candidate of every document of the corpus, labelled right when it equals
 * the ground truth (the benchmark's own comparison), with the rule engine's pick and whether that pick was right.
 */
import { extractScalarFields } from "../../lib/extraction/fields/extract-fields";
import { withNameScorer, withScorer } from "../../lib/extraction/scorer";
import { FIELDS } from "../bench/dataset";
import { equal } from "../bench/score";
import { readCached, type CorpusDocument } from "./corpus";

export type FieldExample = {
  field: string;
  source: string;
  group: string;
  doc: string;
  features: number[][];
  labels: number[];
  values: Array<number | string>;
  /** The rule engine's value and whether it was right. */
  rule: { value: number | string | null; right: boolean };
};

const amountValue = (v: number | string) => (typeof v === "number" ? Number(v.toFixed(2)) : v);

export async function collectExamples(docs: CorpusDocument[], cacheDir: string, options: { cachedOnly?: boolean; onProgress?: (done: number) => void } = {}): Promise<FieldExample[]> {
  const out: FieldExample[] = [];
  let done = 0;
  for (const doc of docs) {
    const wanted = FIELDS.filter((f) => f.type !== "table" && doc.gt.fields[f.name] !== undefined);
    if (wanted.length === 0) continue;
    const model = await readCached(doc, cacheDir, options.cachedOnly ?? false);
    if (!model) continue;
    const seen: FieldExample[] = [];
    const rules = withScorer(null, () => withNameScorer(null, () =>
      extractScalarFields(model, wanted, (field, _key, found) => {
        const truth = doc.gt.fields[field.name]!;
        seen.push({
          field: field.name,
          source: doc.source,
          group: doc.group,
          doc: doc.file,
          features: found.features,
          labels: found.candidates.map((c) => (equal(field.name, truth, amountValue(c.value)) ? 1 : 0)),
          values: found.candidates.map((c) => c.value),
          rule: { value: null, right: false },
        });
      })),
    );
    for (const e of seen) {
      const value = rules.get(e.field)?.value ?? null;
      e.rule = { value: typeof value === "boolean" ? String(value) : value, right: equal(e.field, doc.gt.fields[e.field]!, value) };
    }
    out.push(...seen);
    done += 1;
    options.onProgress?.(done);
  }
  return out;
}
