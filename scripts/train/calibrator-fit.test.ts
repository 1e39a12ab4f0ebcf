import { describe, expect, it } from "vitest";
import { VALUE_FEATURE_NAMES } from "../../lib/extraction/scorer/value-features";
import { valueProbability } from "../../lib/extraction/scorer/calibrator";
import { figures, fitCalibrator, judge, judgedStrategies, MIN_STRATEGY_VALUES } from "./calibrator-fit";
import type { ValueExample } from "./value-examples";

const width = VALUE_FEATURE_NAMES.length;
const signal = VALUE_FEATURE_NAMES.indexOf("score");

/** Values whose rules' score says whether they are right: 9 in 10 of the high-scored ones, 1 in 10 of the others. */
function corpus(n: number, source = "real"): ValueExample[] {
  return Array.from({ length: n }, (_, i) => {
    const high = i % 2 === 0;
    const right = high ? i % 20 !== 0 : i % 20 === 1;
    const features = new Array<number>(width).fill(0);
    features[signal] = high ? 0.9 : 0.2;
    return { source, group: `g${i % 37}`, doc: `d${i}`, field: "total_amount", emitted: true, hasTruth: true, right, strategy: "label", before: 0.95, features };
  });
}

describe("figures", () => {
  it("counts a wrong value as a false positive and a miss, an empty one as a miss", () => {
    const f = figures([
      { emitted: true, hasTruth: true, right: true, confidence: 0.95 },
      { emitted: true, hasTruth: true, right: false, confidence: 0.95 },
      { emitted: false, hasTruth: true, right: false, confidence: 0 },
      { emitted: true, hasTruth: false, right: false, confidence: 0.4 },
    ]);
    expect(f).toMatchObject({ truths: 3, values: 3, atNinety: 2, rightAtNinety: 0.5 });
    expect(f.precision).toBeCloseTo(1 / 3, 3);
    expect(f.f1).toBeCloseTo(2 / (2 + 2 + 2), 3);
  });

  it("judges with new probabilities, abstaining below the threshold", () => {
    const rows = judge(corpus(4), [0.9, 0.2, null, 0.6], 0.5);
    expect(rows.map((r) => r.emitted)).toEqual([true, false, true, true]);
    expect(rows[2]!.confidence).toBe(0.95);
  });
});

describe("fitCalibrator", () => {
  it("learns the probability out of fold and abstains where it is low", () => {
    const { model, oof } = fitCalibrator(corpus(400), "test");
    const x = (score: number) => VALUE_FEATURE_NAMES.map((_, i) => (i === signal ? score : 0));
    expect(valueProbability(model, x(0.9))).toBeGreaterThan(0.8);
    expect(valueProbability(model, x(0.2))).toBeLessThan(0.2);
    expect(model.abstainBelow).toBeGreaterThan(0.2);
    expect(model.abstainBelow).toBeLessThan(0.9);
    expect(oof.every((p) => p !== null)).toBe(true);
    expect(model.strategies).toEqual(["label"]);
  });

  it("is deterministic", () => {
    expect(JSON.stringify(fitCalibrator(corpus(200), "a").model)).toBe(JSON.stringify(fitCalibrator(corpus(200), "a").model));
  });

  it("leaves a finder with too few values unjudged", () => {
    const rare = corpus(MIN_STRATEGY_VALUES - 1).map((e) => ({ ...e, strategy: "checkbox" }));
    const { strategies, judged } = judgedStrategies([...corpus(MIN_STRATEGY_VALUES), ...rare]);
    expect(strategies).toEqual(["label"]);
    expect(judged.filter((e) => e.features === null)).toHaveLength(rare.length);
  });
});
