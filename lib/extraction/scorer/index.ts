import type { DateOrder } from "../../normalise/dates";
import type { DocLine } from "../fields/document-lines";
import type { Candidate } from "../fields/find-labelled-value";
import type { SourceBox } from "../types";
import { valueCandidates, type ScoredKind, type ValueCandidate } from "./candidates";
import { candidateFeatures, documentFacts, FEATURE_NAMES, type DocumentFacts, type FieldAsked, type RulePick } from "./features";
import { calibrated, calibrationInputs, scoreOf, type FieldScorer } from "./model";
import { nameCandidates, nameFeatures, withRulePick } from "./name-features";

export { nameScorerFor, nameScorerSureAt, scorerFor, scorerPolicy, withNameScorer, withNameScorerAsync, withScorer, withScorerAsync, NAME_SCORER, SCORER, type ScorerModel, type FieldScorer } from "./model";
export { FEATURE_NAMES };
export { NAME_FEATURE_NAMES } from "./name-features";

/** The candidates of one field on one document with their feature vectors, the rule engine's pick among them. */
export type FieldCandidates = { candidates: ValueCandidate[]; features: number[][] };

const sameValue = (a: number | string, b: number | string) => (typeof a === "number" && typeof b === "number" ? Math.abs(a - b) < 0.005 : a === b);

export function fieldCandidates(facts: DocumentFacts, order: DateOrder, kind: ScoredKind, field: FieldAsked, pick: Candidate | null): FieldCandidates {
  // Every amount field of a document reads the same amounts: listed once per kind.
  const listed = facts.candidates.get(kind) ?? valueCandidates(facts.lines, kind, order);
  facts.candidates.set(kind, listed);
  const candidates = [...listed];
  const rule: RulePick = pick ? { value: pick.value, line: pick.line, score: Math.min(1, pick.score) } : null;
  // A value the rules derived (net + tax, a subtotal standing in for the total) is a candidate of its own.
  const line = pick ? facts.lines[pick.line] : undefined;
  if (pick && line && (typeof pick.value === "number") === (kind === "amount") && !candidates.some((c) => sameValue(c.value, pick.value))) {
    candidates.push({ value: pick.value, line, words: line.words, source: pick.source, raw: pick.raw, hasDecimals: true, derived: true });
  }
  return { candidates, features: candidateFeatures(facts, kind, field, candidates, rule) };
}

export type ScorerDecision = { value: number | string; source: SourceBox; raw: string; confidence: number; arithmetic: 0 | 1 } | null;

/** The scorer's trees over a candidate's features, those it was fitted blind to zeroed (FieldScorer.masked). */
function blindTo(scorer: FieldScorer, names: readonly string[]): (x: readonly number[]) => number {
  const score = scoreOf(scorer);
  const hidden = new Set((scorer.masked ?? []).map((name) => names.indexOf(name)).filter((i) => i >= 0));
  return hidden.size === 0 ? score : (x) => score(x.map((v, i) => (hidden.has(i) ? 0 : v)));
}

/** The best-scored candidate with its calibrated probability, or null when that probability is below the floor. */
export function decide(scorer: FieldScorer, found: FieldCandidates, names: readonly string[] = FEATURE_NAMES, scoreFor: (x: readonly number[]) => number = blindTo(scorer, names)): ScorerDecision {
  let best = -1;
  let margin = -Infinity;
  found.features.forEach((x, i) => {
    const score = scoreFor(x);
    if (score > margin) {
      margin = score;
      best = i;
    }
  });
  const top = found.candidates[best];
  if (!top) return null;
  const x = found.features[best]!;
  const confidence = Math.round(1000 * calibrated(scorer, calibrationInputs(margin, x, names, scorer.calibration.inputs))) / 1000;
  if (confidence < scorer.abstainBelow) return null;
  // The sum check the features saw, kept on the value's evidence for the review screen.
  const arithmetic = x[names.indexOf("sum_of_two")] === 1 || x[names.indexOf("tender_minus_change")] === 1 ? 1 : 0;
  return { value: top.value, source: top.source, raw: top.raw, confidence, arithmetic };
}

/** Facts are computed once per document and shared by every field the scorer decides. */
export function scorerFacts(lines: DocLine[]): DocumentFacts {
  return documentFacts(lines);
}

/** The seller's name candidates of a document with their features (the rules' pick among them, or added). */
export function nameFieldCandidates(lines: DocLine[], pick: Candidate | null): FieldCandidates {
  const rule: RulePick = pick ? { value: pick.value, line: pick.line, score: Math.min(1, pick.score) } : null;
  const listed = nameCandidates(lines);
  const candidates = pick && rule ? withRulePick(listed, lines, rule, pick.source) : listed;
  return { candidates, features: nameFeatures(lines, candidates, rule) };
}
