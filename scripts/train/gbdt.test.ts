import { describe, expect, it } from "vitest";
import { rawScore, sigmoid } from "../../lib/extraction/scorer/model";
import { fitPlatt, trainGbdt } from "./gbdt";
import { foldOf, summarise } from "./fit";

describe("trainGbdt", () => {
  it("learns an interaction of a flag and a threshold", () => {
    // y = a AND n > 6, with b as noise.
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 400; i += 1) {
      const a = i % 2;
      const b = Math.floor(i / 2) % 2;
      x.push([a, b, (i * 7919) % 13]);
      y.push(a === 1 && (i * 7919) % 13 > 6 ? 1 : 0);
    }
    const model = trainGbdt(x, y, { rounds: 60, depth: 2, learningRate: 0.3, lambda: 1, minHessian: 1, bins: 16 });
    const right = x.filter((row, i) => (sigmoid(rawScore(model, row)) > 0.5 ? 1 : 0) === y[i]).length;
    expect(right).toBe(400);
  });
});

describe("fitPlatt", () => {
  it("recovers the slope and offset of outcomes drawn from a logistic curve", () => {
    const margins: number[] = [];
    const outcomes: number[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const m = -4 + (8 * i) / 2000;
      margins.push(m);
      // Deterministic draws: the share of ones in each stretch follows sigmoid(2m - 1).
      outcomes.push((i * 0.618033) % 1 < sigmoid(2 * m - 1) ? 1 : 0);
    }
    const { a, b } = fitPlatt(margins, outcomes);
    expect(a).toBeCloseTo(2, 0);
    expect(b).toBeCloseTo(-1, 0);
  });
});

describe("validation figures", () => {
  it("keeps a sender group in one fold", () => {
    expect(foldOf("sroie-mr-d-i-y-sdn-bhd")).toBe(foldOf("sroie-mr-d-i-y-sdn-bhd"));
    expect(new Set(Array.from({ length: 50 }, (_, i) => foldOf(`group-${i}`))).size).toBe(5);
  });

  it("counts a wrong value as a false positive and a miss, an abstention as a miss", () => {
    const o = (right: boolean, emitted: boolean, confidence: number) => ({ field: "total_amount", source: "s", right, emitted, confidence, hasTruth: true as const });
    const s = summarise([o(true, true, 0.95), o(false, true, 0.95), o(false, false, 0)]);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBeCloseTo(1 / 3, 3);
    expect(s.f1).toBeCloseTo(2 / 5, 3);
    expect(s.rightAtNinety).toBe(0.5);
    expect(s.ece).toBeCloseTo(0.45, 3);
  });
});
