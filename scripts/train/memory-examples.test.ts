import { describe, expect, it } from "vitest";
import { MEMORY_SCORER_FEATURES } from "./memory-features";
import type { FieldExample } from "./examples";
import { correctedVariant } from "./memory-examples";

const at = (name: string) => MEMORY_SCORER_FEATURES.indexOf(name);

/** A generated document's candidates: the right one picked by the rules, memory matched at `match`. */
function example(match: number): FieldExample {
  const row = (value: number, picked: boolean) => {
    const x = new Array<number>(MEMORY_SCORER_FEATURES.length).fill(0);
    x[at("memory_match")] = match;
    x[at("memory_placed")] = match > 0 ? 1 : 0;
    if (picked) [x[at("rule_same_value")], x[at("rule_same_line")], x[at("rule_score")]] = [1, 1, 0.95];
    return x;
  };
  return { field: "total_amount", source: "synth", group: "g", doc: "d", features: [row(12.5, false), row(31.8, true), row(50, false)], labels: [0, 1, 0], values: [12.5, 31.8, 50], rule: { value: 31.8, right: true } };
}

describe("corrected variants of memory-matched documents", () => {
  it("moves the rules' pick to the largest wrong amount and marks the example corrected", () => {
    const variant = correctedVariant(example(0.7))!;
    expect(variant.labels).toEqual([0, 1, 0]);
    expect(variant.features.map((x) => x[at("rule_same_value")])).toEqual([0, 0, 1]);
    expect(variant.features.every((x) => x[at("memory_corrected")] === 1)).toBe(true);
    expect(variant.rule).toEqual({ value: 50, right: false });
  });

  it("makes none where no memory matched", () => {
    expect(correctedVariant(example(0))).toBeNull();
  });
});
