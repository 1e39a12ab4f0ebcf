import { readFileSync } from "node:fs";
import { addCtcSummary } from "./ctc-summary";
import { foldModel, type FoldCounts } from "./graph-folding";
import { MODEL_FILES, readDictionary } from "./sessions";

/**
 * A network as models/ ships it: its published source folded (graph-folding.ts) and, for the recogniser, ended in
 * the decoding summary (ctc-summary.ts). scripts/ocr/fold-models.ts writes these bytes; a unit test proves the
 * committed files equal to them.
 */
export function shippedModel(entry: { source: string; summary?: boolean }): { model: Uint8Array; folded: FoldCounts } {
  const result = foldModel(new Uint8Array(readFileSync(entry.source)));
  if (!entry.summary) return result;
  return { ...result, model: addCtcSummary(result.model, readDictionary(readFileSync(MODEL_FILES.dictionary, "utf8"))) };
}
