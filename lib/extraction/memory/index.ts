/**
 * A parser's memory, the pure part: what a confirmed document teaches (evidence per field and column), who sent a
 * document (fingerprints and their index keys), and reading a new document from taught examples. No database here;
 * `lib/services/learning` stores and looks up examples.
 */
export { compactLayout } from "./layout";
export { fingerprintOf, fingerprintKeys, fingerprintSimilarity } from "./fingerprint";
export { teachExample } from "./teach";
export { applyMemory, MATCH_THRESHOLD, type MemoryMatch, type MemoryOutcome } from "./apply";
export type { DocumentLayout, Evidence, Fingerprint, LearnedReason, MemoryExample } from "./types";
