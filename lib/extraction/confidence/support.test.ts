import { describe, expect, it } from "vitest";
import type { ValueEvidence } from "../types";
import { calibratedConfidence, CALIBRATION, type CalibrationModel } from "./model";
import { checkVouches, countByGroup, fitSupportCaps, supportGroup, upperBound, weightedShareRight } from "./support";

const duration: ValueEvidence = { strategy: "narrative", kind: "duration", score: 0.9, match: 1, ocr: null };
const ocrAmount: ValueEvidence = { strategy: "label", kind: "amount", score: 0.9, ocr: 0.95, typeOk: true, arithmetic: 0, agreement: 0, rival: false };

describe("support ceilings per group of values", () => {
  it("groups values by strategy, kind and whether their page was read by OCR", () => {
    expect(supportGroup(duration)).toBe("narrative|duration|text");
    expect(supportGroup(ocrAmount)).toBe("label|amount|ocr");
    expect(supportGroup({ strategy: "layout" })).toBe("layout|text|text");
  });

  it("is a group's accuracy in the fitted half, shrunk towards the overall accuracy, plus one standard error", () => {
    const samples = [
      ...Array.from({ length: 18 }, () => ({ evidence: ocrAmount, correct: true })),
      { evidence: duration, correct: true },
      { evidence: duration, correct: false },
    ];
    const overall = 19 / 20;
    // Without the standard error: the smoothed accuracy itself.
    const means = fitSupportCaps(samples, { prior: 2, z: 0 });
    expect(means["label|amount|ocr"]).toBeCloseTo((18 + 2 * overall) / 20, 3);
    expect(means["narrative|duration|text"]).toBeCloseTo((1 + 2 * overall) / 4, 3);
    // With it: a little higher, most for the group with the fewest values, and one right of two still not high.
    const caps = fitSupportCaps(samples, { prior: 2, z: 1 });
    expect(caps["label|amount|ocr"]!).toBeGreaterThan(means["label|amount|ocr"]!);
    expect(caps["label|amount|ocr"]!).toBeLessThanOrEqual(1);
    expect(caps["narrative|duration|text"]).toBeCloseTo(upperBound((1 + 2 * overall) / 4, 4, 1), 3);
    expect(caps["narrative|duration|text"]!).toBeLessThan(0.9);
    expect(fitSupportCaps([])).toEqual({});
  });

  it("bounds a proportion from above by Wilson's interval", () => {
    expect(upperBound(0.5, 100, 0)).toBe(0.5);
    expect(upperBound(0.5, 100, 1)).toBeCloseTo(0.55, 2);
    expect(upperBound(1, 10, 1)).toBe(1);
  });

  it("caps a value at its group's ceiling and leaves groups the fit never saw to the shared weights", () => {
    // The ceilings alone, without the source-shift map applied after them (shift.ts).
    const uncapped: CalibrationModel = { ...CALIBRATION, supportCaps: {}, shift: undefined };
    const capped: CalibrationModel = { ...CALIBRATION, supportCaps: { "narrative|duration|text": 0.6 }, shift: undefined };
    expect(calibratedConfidence(duration, 0.9, uncapped)).toBeGreaterThan(0.6);
    expect(calibratedConfidence(duration, 0.9, capped)).toBe(0.6);
    expect(calibratedConfidence({ ...duration, kind: "place" }, 0.9, capped)).toBe(calibratedConfidence({ ...duration, kind: "place" }, 0.9, uncapped));
  });

  it("holds a group the fit never saw at the fitted values' overall share right", () => {
    const seen: CalibrationModel = { ...CALIBRATION, supportCaps: { "narrative|duration|text": 0.6 }, unseenGroupCap: 0.8, shift: undefined };
    const place = { ...duration, kind: "place" };
    expect(calibratedConfidence(place, 0.9, { ...seen, unseenGroupCap: undefined })).toBeGreaterThan(0.8);
    expect(calibratedConfidence(place, 0.9, seen)).toBe(0.8);
    expect(calibratedConfidence(duration, 0.9, seen)).toBe(0.6);
  });

  it("counts a weighted value as that many values (synthetic documents weigh less than real ones)", () => {
    const wrongDuration = { evidence: duration, correct: false };
    const weighted = fitSupportCaps([{ evidence: ocrAmount, correct: true, weight: 3 }, wrongDuration], { prior: 0, z: 0 });
    const repeated = fitSupportCaps([...Array.from({ length: 3 }, () => ({ evidence: ocrAmount, correct: true })), wrongDuration], { prior: 0, z: 0 });
    expect(weighted).toEqual(repeated);
    expect(weightedShareRight([{ evidence: ocrAmount, correct: true, weight: 0.5 }, wrongDuration])).toBeCloseTo(1 / 3, 6);
  });

  it("keeps table cells a check vouches for apart from unchecked ones", () => {
    const cell: ValueEvidence = { strategy: "table-header", kind: "cell-number", ocr: null, arithmetic: 0, tableSum: 0 };
    expect(supportGroup(cell)).toBe("table-header|cell-number|text");
    expect(supportGroup({ ...cell, arithmetic: 1 })).toBe("table-header|cell-number+checked|text");
    expect(supportGroup({ ...cell, tableSum: 1 })).toBe("table-header|cell-number+checked|text");
    expect(supportGroup({ ...cell, arithmetic: -1, tableSum: -1 })).toBe("table-header|cell-number|text");
    // No check vouches for a text cell's words; a field's own arithmetic check is part of the logistic fit, not of its group.
    expect(supportGroup({ ...cell, kind: "cell-text", arithmetic: 1, tableSum: 1 })).toBe("table-header|cell-text|text");
    expect(supportGroup({ ...ocrAmount, arithmetic: 1 })).toBe("label|amount|ocr");
    expect(checkVouches({ ...cell, tableSum: 1 })).toBe(true);
    expect(checkVouches({ ...cell, kind: "cell-text", arithmetic: 1 })).toBe(false);
    expect(checkVouches({ ...ocrAmount, arithmetic: 1 })).toBe(false);
  });

  it("counts a sender's values for their effective number under `icc`, keeping its share right", () => {
    const cell: ValueEvidence = { strategy: "table-header", kind: "cell-text", ocr: null };
    // One sender of 61 values, all right (61 / (1 + 60 · 0.5) = 61 / 31 effective values), and one wrong value alone.
    const samples = [...Array.from({ length: 61 }, () => ({ evidence: cell, correct: true, unit: "seller-a" })), { evidence: cell, correct: false, unit: "seller-b" }];
    const [[, counted]] = countByGroup(samples, supportGroup, Infinity, 0.5) as [[string, { n: number; right: number }]];
    expect(counted.n).toBeCloseTo(61 / 31 + 1, 6);
    expect(counted.right).toBeCloseTo(61 / 31, 6);
    // No correlation: every value counts, as before.
    const [[, plain]] = countByGroup(samples, supportGroup, Infinity, 0) as [[string, { n: number; right: number }]];
    expect(plain.n).toBe(62);
  });

  it("counts the values of one sender for at most `perUnit` in a group, keeping its share right", () => {
    const cell: ValueEvidence = { strategy: "table-header", kind: "cell-text", ocr: null };
    // One prolific sender, all right, and three others with one wrong value each.
    const samples = [
      ...Array.from({ length: 60 }, () => ({ evidence: cell, correct: true, unit: "seller-a" })),
      ...["b", "c", "d"].map((u) => ({ evidence: cell, correct: false, unit: `seller-${u}` })),
    ];
    const [[, counted]] = countByGroup(samples, supportGroup, 3) as [[string, { n: number; right: number }]];
    expect(counted.n).toBeCloseTo(6, 6);
    expect(counted.right).toBeCloseTo(3, 6);
    // Without units every value is its own, as before.
    const [[, plain]] = countByGroup(samples.map(({ evidence, correct }) => ({ evidence, correct })), supportGroup, 3) as [[string, { n: number; right: number }]];
    expect(plain.n).toBe(63);
    const caps = fitSupportCaps(samples, { prior: 0, z: 0, perUnit: 3 });
    expect(caps["table-header|cell-text|text"]).toBeCloseTo(0.5, 3);
  });
});
