import { describe, expect, it } from "vitest";
import { documentLines } from "../../lib/extraction/fields/document-lines";
import { textToPages } from "../../lib/extraction/loaders/plain-text";
import { compactLayout } from "../../lib/extraction/memory/layout";
import { teachExample } from "../../lib/extraction/memory/teach";
import type { FieldDefinition } from "../../lib/extraction/types";
import { valueCandidates } from "../../lib/extraction/scorer/candidates";
import { FEATURE_NAMES } from "../../lib/extraction/scorer/features";
import { MEMORY_FEATURE_NAMES, MEMORY_SCORER_FEATURES, memoryFeatures, withMemoryFeatures, type MemoryContext } from "./memory-features";

const FIELDS: FieldDefinition[] = [{ name: "total_amount", type: "currency" }];

/** A generated receipt: a subtotal the generic choice may take, and the total printed at a label of its own. */
function receipt(options: { subtotal: string; total: string; shift?: number }) {
  const lines = ["NORDWIND MARKT", "", "Brot         2.50", `Zwischen     ${options.subtotal}`, ...Array<string>(options.shift ?? 0).fill(""), `Zahlbetrag   ${options.total}`, "Bar         50.00"];
  return { pages: textToPages(lines.join("\n")) };
}

function taughtEvidence(): MemoryContext["evidence"] {
  const model = receipt({ subtotal: "30.00", total: "31.80" });
  const evidence = teachExample({ layout: compactLayout(model), fields: FIELDS, data: { total_amount: 31.8 }, fieldMetadata: {} });
  return evidence.fields.total_amount!;
}

const at = (name: (typeof MEMORY_FEATURE_NAMES)[number]) => MEMORY_FEATURE_NAMES.indexOf(name);

describe("memory features", () => {
  const later = receipt({ subtotal: "40.00", total: "42.40", shift: 1 });
  const candidates = valueCandidates(documentLines(later), "amount", "dmy");
  const layout = compactLayout(later);
  const evidence = taughtEvidence();
  const x = memoryFeatures(candidates, { similarity: 0.8, evidence, layout });
  const of = (value: number) => x[candidates.findIndex((c) => c.value === value)]!;

  it("marks the candidate at the taught label and offset, a line lower than taught", () => {
    expect(evidence.anchor?.words.join(" ")).toBe("Zahlbetrag");
    expect(of(42.4)[at("memory_label_similarity")]).toBe(1);
    expect(of(42.4)[at("memory_label_row")]).toBe(1);
    expect(of(42.4)[at("memory_label_offset")]).toBeGreaterThan(0.9);
    expect(of(40)[at("memory_label_row")]).toBe(0);
    expect(of(40)[at("memory_label_offset")]).toBeLessThan(of(42.4)[at("memory_label_offset")]!);
  });

  it("carries the match score, the correction and the taught place on every candidate", () => {
    for (const row of x) {
      expect(row[at("memory_match")]).toBe(0.8);
      expect(row[at("memory_placed")]).toBe(1);
      expect(row[at("memory_corrected")]).toBe(1);
    }
    expect(of(42.4)[at("memory_same_place")]).toBeGreaterThan(of(2.5)[at("memory_same_place")]!);
  });

  it("marks the taught value printed again", () => {
    const again = receipt({ subtotal: "30.00", total: "31.80" });
    const repeated = valueCandidates(documentLines(again), "amount", "dmy");
    const y = memoryFeatures(repeated, { similarity: 0.9, evidence, layout: compactLayout(again) });
    expect(y[repeated.findIndex((c) => c.value === 31.8)]![at("memory_same_value")]).toBe(1);
    expect(y[repeated.findIndex((c) => c.value === 30)]![at("memory_same_value")]).toBe(0);
  });

  it("is all zeros when no taught example matched, appended after the generic features", () => {
    expect(memoryFeatures(candidates, null).every((row) => row.every((v) => v === 0))).toBe(true);
    const generic = candidates.map(() => new Array<number>(FEATURE_NAMES.length).fill(0.5));
    const joined = withMemoryFeatures(generic, candidates, null);
    expect(joined[0]).toHaveLength(MEMORY_SCORER_FEATURES.length);
    expect(joined[0]!.slice(0, FEATURE_NAMES.length)).toEqual(generic[0]);
  });

  it("says nothing of a field reviewers cleared", () => {
    const cleared = { ...evidence, value: null };
    expect(memoryFeatures(candidates, { similarity: 0.8, evidence: cleared, layout }).every((row) => row.every((v) => v === 0))).toBe(true);
  });
});
