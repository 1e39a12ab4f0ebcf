import { anchorPrintings } from "../../lib/extraction/memory/read-field";
import type { DocumentLayout, FieldEvidence } from "../../lib/extraction/memory/types";
import type { ValueCandidate } from "../../lib/extraction/scorer/candidates";
import { FEATURE_NAMES } from "../../lib/extraction/scorer/features";

/**
 * What a parser's memory says of one candidate, as evidence for the learned scorer rather than a rule after it: where
 * the reviewer confirmed the field's value on the sender's taught document (its label and offset, its place on the
 * page, the value itself) and how surely this document is of that sender. Every feature is 0 when no taught example
 * matched, so a model trained on both reads an untaught document as the generic scorer does.
 */
export const MEMORY_FEATURE_NAMES = [
  // Fingerprint similarity of the taught example to this document (0: no example at or above the match threshold).
  "memory_match",
  // The example holds where the field's value was printed (a box), and whether a label was taught beside it.
  "memory_placed",
  "memory_has_label",
  // The reviewer changed the engine's value there (a correction), rather than approving what the engine read.
  "memory_corrected",
  // The taught label printed on the candidate's page where the candidate sits at the taught offset from it: how alike
  // the label's words are, how near the candidate is to that offset (1 / (1 + error in label heights)), and whether
  // it shares the label's row (a label taught left of its value) or stands under it.
  "memory_label_similarity",
  "memory_label_offset",
  "memory_label_row",
  // How near the candidate is to where the value stood on the taught page (1 / (1 + distance / 2 % of the page)).
  "memory_same_place",
  // The candidate is the taught value itself (a sender whose documents repeat a figure or a date).
  "memory_same_value",
] as const;

export type MemoryFeatureName = (typeof MEMORY_FEATURE_NAMES)[number];

/** The generic features followed by the memory features: what a memory-aware model reads. */
export const MEMORY_SCORER_FEATURES: readonly string[] = [...FEATURE_NAMES, ...MEMORY_FEATURE_NAMES];

/** The taught evidence of one field on the example that matched this document, and how well it matched. */
export type MemoryContext = { similarity: number; evidence: FieldEvidence; layout: DocumentLayout };

const SLOT = new Map<string, number>(MEMORY_FEATURE_NAMES.map((name, index) => [name, index]));
const at = (name: MemoryFeatureName): number => SLOT.get(name)!;
/** A label's height below this is a box read wrong: offsets are counted in at least this much of the page. */
const MIN_LABEL_HEIGHT = 0.005;
/** The distance, as a share of the page, at which closeness to the taught place has halved. */
const PLACE_SCALE = 0.02;

const sameValue = (a: number | string, b: unknown): boolean =>
  typeof a === "number" ? typeof b === "number" && Math.abs(a - b) < 0.005 : typeof b === "string" && a === b;

/** One memory vector per candidate (MEMORY_FEATURE_NAMES order); all zeros without a context. */
export function memoryFeatures(candidates: ValueCandidate[], context: MemoryContext | null): number[][] {
  const zeros = () => new Array<number>(MEMORY_FEATURE_NAMES.length).fill(0);
  if (!context || context.evidence.value === null) return candidates.map(zeros);
  const { evidence, similarity } = context;
  const anchor = evidence.anchor;
  // Every printing of the taught label on this document, found once for all candidates.
  const printings = anchor ? anchorPrintings(context.layout, anchor) : [];
  return candidates.map((candidate) => {
    const x = zeros();
    const box = candidate.source;
    x[at("memory_match")] = similarity;
    x[at("memory_placed")] = evidence.box ? 1 : 0;
    x[at("memory_has_label")] = anchor ? 1 : 0;
    x[at("memory_corrected")] = evidence.engineRead ? 0 : 1;
    if (anchor) {
      let best: { error: number; score: number; row: boolean } | null = null;
      for (const printing of printings) {
        if (printing.page !== box.page) continue;
        const height = Math.max(printing.box.h, MIN_LABEL_HEIGHT);
        const error = Math.hypot(box.x - (printing.box.x + anchor.dx), box.y - (printing.box.y + anchor.dy)) / height;
        const centre = box.y + box.h / 2;
        const row = centre >= printing.box.y && centre <= printing.box.y + printing.box.h;
        if (!best || error < best.error) best = { error, score: printing.score, row };
      }
      if (best) {
        x[at("memory_label_similarity")] = best.score;
        x[at("memory_label_offset")] = 1 / (1 + best.error);
        x[at("memory_label_row")] = best.row ? 1 : 0;
      }
    }
    if (evidence.box && evidence.page === box.page) {
      x[at("memory_same_place")] = 1 / (1 + Math.hypot(box.x - evidence.box.x, box.y - evidence.box.y) / PLACE_SCALE);
    }
    x[at("memory_same_value")] = sameValue(candidate.value, evidence.value) ? 1 : 0;
    return x;
  });
}

/** Each candidate's generic vector followed by its memory vector. */
export function withMemoryFeatures(features: number[][], candidates: ValueCandidate[], context: MemoryContext | null): number[][] {
  const memory = memoryFeatures(candidates, context);
  return features.map((x, index) => [...x, ...memory[index]!]);
}
