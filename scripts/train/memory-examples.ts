/**
 * Training examples for the memory-aware scorer: within each sender group of the corpus the first document is taught
 * from its ground truth (as scripts/bench/learning-offline.ts does), and every other document of the source is read
 * with the taught examples its fingerprint matches (≥ MATCH_THRESHOLD), its candidates carrying the memory features of
 * the best match. Documents nothing matched (the taught ones, senders with one document) keep every memory feature at
 * 0, so the model also learns the generic choice.
 */
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import { extractScalarFields } from "../../lib/extraction/fields/extract-fields";
import { compactLayout, fingerprintKeys, fingerprintOf, fingerprintSimilarity, MATCH_THRESHOLD, teachExample, type DocumentLayout, type MemoryExample } from "../../lib/extraction/memory";
import { withNameScorer, withScorer, type FieldCandidates } from "../../lib/extraction/scorer";
import { MEMORY_SCORER_FEATURES, withMemoryFeatures, type MemoryContext } from "./memory-features";
import type { FieldDefinition, FieldMetadata, PageModel } from "../../lib/extraction/types";
import { FIELDS } from "../bench/dataset";
import { gtAsData, type Gt } from "../bench/learning-score";
import { equal } from "../bench/score";
import { readCached, type CorpusDocument } from "./corpus";
import type { FieldExample } from "./examples";

const VENDOR = FIELDS.find((f) => f.name === "vendor_name")!;

/** The example a reviewer's confirmation of `gt` on this document teaches (every field of the truth corrected). */
export function teachFromTruth(id: string, model: PageModel, gt: Gt, order: number): MemoryExample {
  const result = extractFromPageModel(model, FIELDS, { markdownParsing: false });
  const layout = compactLayout(model);
  const data = { ...result.data, ...gtAsData(gt) };
  const evidence = teachExample({ layout, fields: FIELDS, data, fieldMetadata: result.fieldMetadata as Record<string, FieldMetadata> });
  const fingerprint = fingerprintOf(layout, typeof data.vendor_name === "string" ? data.vendor_name : null);
  return { id, documentId: id, taughtAt: new Date(order * 1000).toISOString(), fingerprint, evidence };
}

/** The taught examples of one parser with their fingerprint keys' frequencies (rarer keys weigh more). */
export type Memory = { examples: MemoryExample[]; frequency: Map<string, number> };

export function memoryOf(examples: MemoryExample[]): Memory {
  const frequency = new Map<string, number>();
  for (const example of examples) for (const key of new Set(fingerprintKeys(example.fingerprint))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
  return { examples, frequency };
}

/** The best-matching taught example at or above the threshold, with its similarity; null when none. */
export function bestMatch(memory: Memory, layout: DocumentLayout, vendorName: string | null): { example: MemoryExample; similarity: number } | null {
  const keys = fingerprintKeys(fingerprintOf(layout, vendorName));
  let best: { example: MemoryExample; similarity: number } | null = null;
  for (const example of memory.examples) {
    const similarity = fingerprintSimilarity(keys, fingerprintKeys(example.fingerprint), (key) => memory.frequency.get(key) ?? 1, memory.examples.length);
    if (similarity >= MATCH_THRESHOLD && (!best || similarity > best.similarity)) best = { example, similarity };
  }
  return best;
}

/**
 * The candidates of each scored field with their generic features (rules' pick as evidence, no scorer in force) and
 * the memory features of `match`, and the rules' vendor name (what a document's fingerprint is built with).
 */
export function memoryCandidates(model: PageModel, fields: FieldDefinition[], match: ((layout: DocumentLayout, vendorName: string | null) => { example: MemoryExample; similarity: number } | null) | null): { found: Map<string, FieldCandidates>; rules: Map<string, unknown> } {
  const seen = new Map<string, FieldCandidates>();
  const results = withScorer(null, () => withNameScorer(null, () => extractScalarFields(model, [...fields, VENDOR], (field, _key, found) => seen.set(field.name, found))));
  const rules = new Map<string, unknown>([...results].map(([key, result]) => [key, result.value]));
  const layout = compactLayout(model);
  const vendor = rules.get(VENDOR.name);
  const matched = match ? match(layout, typeof vendor === "string" ? vendor : null) : null;
  const found = new Map<string, FieldCandidates>();
  for (const field of fields) {
    const candidates = seen.get(field.name);
    if (!candidates) continue;
    const evidence = matched?.example.evidence.fields[field.name];
    const context: MemoryContext | null = matched && evidence ? { similarity: matched.similarity, evidence, layout } : null;
    found.set(field.name, { candidates: candidates.candidates, features: withMemoryFeatures(candidates.features, candidates.candidates, context) });
  }
  return { found, rules };
}

const slot = (name: string) => MEMORY_SCORER_FEATURES.indexOf(name);
const RULE_SLOTS = ["rule_same_value", "rule_same_line", "rule_score"].map(slot);

/**
 * A correction the corpus rarely shows: the engine's pick wrong on a sender's document after a reviewer corrected it
 * on the taught one. Made from a document memory matched whose right value the rules picked: the pick moved to the
 * wrong candidate the generic features like best (the largest amount, the first date), the example marked corrected.
 * Null when the document has no right candidate, no wrong one, or no taught place.
 */
export function correctedVariant(example: FieldExample): FieldExample | null {
  const first = example.features[0];
  if (!first || first[slot("memory_match")]! <= 0 || first[slot("memory_placed")]! <= 0) return null;
  const right = example.labels.findIndex((label, index) => label === 1 && example.features[index]![RULE_SLOTS[0]!]! > 0);
  if (right < 0) return null;
  const wrong = example.values
    .map((value, index) => ({ value, index }))
    .filter(({ index }) => example.labels[index] === 0 && example.features[index]![slot("derived")] === 0)
    .sort((a, b) => (typeof a.value === "number" && typeof b.value === "number" ? b.value - a.value : a.index - b.index))[0];
  if (!wrong) return null;
  const features = example.features.map((x, index) => {
    const y = [...x];
    for (const at of RULE_SLOTS) y[at] = 0;
    if (index === wrong.index) [y[RULE_SLOTS[0]!], y[RULE_SLOTS[1]!], y[RULE_SLOTS[2]!]] = [1, 1, 0.9];
    y[slot("memory_corrected")] = 1;
    return y;
  });
  return { ...example, doc: `${example.doc}#corrected`, features, rule: { value: wrong.value, right: false } };
}

const amountValue = (v: number | string) => (typeof v === "number" ? Number(v.toFixed(2)) : v);

/**
 * Every document of `docs` (one source; its groups are its senders) as training examples of `fieldNames`: the first
 * document of each group of two or more is taught, the others read with the memory they match.
 */
export async function collectMemoryExamples(docs: CorpusDocument[], cacheDir: string, fieldNames: string[], options: { corrections?: boolean } = {}): Promise<FieldExample[]> {
  const groups = new Map<string, CorpusDocument[]>();
  for (const doc of docs) groups.set(doc.group, [...(groups.get(doc.group) ?? []), doc]);
  const taught = new Set<CorpusDocument>();
  const examples: MemoryExample[] = [];
  for (const [group, members] of groups) {
    if (members.length < 2) continue;
    const first = members[0]!;
    examples.push(teachFromTruth(group, await readCached(first, cacheDir), first.gt, examples.length));
    taught.add(first);
  }
  const memory = memoryOf(examples);
  const out: FieldExample[] = [];
  for (const doc of docs) {
    const wanted = FIELDS.filter((f) => fieldNames.includes(f.name) && doc.gt.fields[f.name] !== undefined);
    if (wanted.length === 0) continue;
    const model = await readCached(doc, cacheDir);
    const { found, rules } = memoryCandidates(model, wanted, taught.has(doc) ? null : (layout, vendor) => bestMatch(memory, layout, vendor));
    for (const [field, candidates] of found) {
      const truth = doc.gt.fields[field]!;
      const ruleValue = rules.get(field) ?? null;
      const value = typeof ruleValue === "number" || typeof ruleValue === "string" ? ruleValue : null;
      const example: FieldExample = {
        field,
        source: doc.source,
        group: doc.group,
        doc: doc.file,
        features: candidates.features,
        labels: candidates.candidates.map((c) => (equal(field, truth, amountValue(c.value)) ? 1 : 0)),
        values: candidates.candidates.map((c) => c.value),
        rule: { value, right: equal(field, truth, value) },
      };
      out.push(example);
      const corrected = options.corrections ? correctedVariant(example) : null;
      if (corrected) out.push(corrected);
    }
  }
  return out;
}
