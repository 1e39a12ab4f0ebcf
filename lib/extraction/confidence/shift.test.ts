import { describe, expect, it } from "vitest";
import { calibratedConfidence, CALIBRATION, fittedConfidence, judgedByFit, type CalibrationModel } from "./model";
import { applyShift, fitShift, type ShiftPoint } from "./shift";
import type { ValueEvidence } from "../types";

/** Left-out predictions at `p`, `right` of every `of` right, each counting `weight`. */
function points(p: number, right: number, of: number, weight = 1): ShiftPoint[] {
  return Array.from({ length: of }, (_, i) => ({ p, correct: i < right, weight }));
}

describe("source-shift map", () => {
  it("is the identity with no left-out values, and when they are right as often as the fit said", () => {
    expect(fitShift([], 10)).toEqual({ a: 1, b: 0 });
    const honest = fitShift([...points(0.95, 95, 100), ...points(0.6, 60, 100)], 10);
    expect(applyShift(honest, 0.95)).toBeCloseTo(0.95, 2);
    expect(applyShift(honest, 0.6)).toBeCloseTo(0.6, 2);
    expect(applyShift(undefined, 0.7)).toBe(0.7);
  });

  it("lowers a fit that was too sure on the sources it never saw, and keeps the order of values", () => {
    // Values at 0.97 were right 90 % of the time on the left-out sources, values at 0.7 60 %.
    const shift = fitShift([...points(0.97, 180, 200), ...points(0.7, 120, 200)], 10);
    expect(applyShift(shift, 0.97)).toBeLessThan(0.93);
    expect(applyShift(shift, 0.97)).toBeGreaterThan(0.86);
    expect(applyShift(shift, 0.7)).toBeLessThan(0.68);
    for (let p = 0.05; p < 0.99; p += 0.05) expect(applyShift(shift, p + 0.01)).toBeGreaterThan(applyShift(shift, p));
  });

  it("moves only as far as the left-out values outweigh the prior towards the identity", () => {
    const few = fitShift(points(0.95, 4, 5), 200);
    const many = fitShift(points(0.95, 400, 500), 200);
    expect(applyShift(few, 0.95)).toBeGreaterThan(applyShift(many, 0.95));
    expect(applyShift(few, 0.95)).toBeLessThanOrEqual(0.95);
    // A weighted value counts as that many (synthetic documents weigh a fraction of a real one).
    expect(applyShift(fitShift(points(0.95, 40, 50, 10), 200), 0.95)).toBeCloseTo(applyShift(many, 0.95), 3);
  });

  it("applies to the values the weights and ceilings judge, not to exact values, the scorer's nor the reading rates'", () => {
    const label: ValueEvidence = { strategy: "label", score: 0.9, kind: "amount", ocr: null, typeOk: true, arithmetic: 0, agreement: 0, rival: false };
    const shifted: CalibrationModel = { ...CALIBRATION, shift: { a: 1, b: -1 } };
    const plain: CalibrationModel = { ...CALIBRATION, shift: undefined };
    expect(judgedByFit(label, shifted)).toBe(true);
    expect(calibratedConfidence(label, 0.9, shifted)).toBeLessThan(calibratedConfidence(label, 0.9, plain));
    expect(calibratedConfidence(label, 0.9, plain)).toBeCloseTo(fittedConfidence(label, 0.9, plain), 3);
    expect(calibratedConfidence({ strategy: "e-invoice" }, 0.5, shifted)).toBe(1);
    expect(calibratedConfidence({ strategy: "scorer", score: 0.93 }, 0.93, shifted)).toBe(0.93);
    const name: ValueEvidence = { strategy: "layout", kind: "name", ocr: 0.9, reading: "clean" };
    const rates: CalibrationModel = { ...shifted, readingRates: { "layout|name|clean": 0.85 } };
    expect(judgedByFit(name, rates)).toBe(false);
    expect(calibratedConfidence(name, 0.9, rates)).toBe(0.85);
  });
});
