import { describe, expect, it } from "vitest";
import type { ValueEvidence } from "../types";
import { calibratedConfidence, CALIBRATION, type CalibrationModel } from "./model";
import { fitSupportCaps, supportGroup } from "./support";

const duration: ValueEvidence = { strategy: "narrative", kind: "duration", score: 0.9, match: 1, ocr: null };
const ocrAmount: ValueEvidence = { strategy: "label", kind: "amount", score: 0.9, ocr: 0.95, typeOk: true, arithmetic: 0, agreement: 0, rival: false };

describe("support ceilings per group of values", () => {
  it("groups values by strategy, kind and whether their page was read by OCR", () => {
    expect(supportGroup(duration)).toBe("narrative|duration|text");
    expect(supportGroup(ocrAmount)).toBe("label|amount|ocr");
    expect(supportGroup({ strategy: "layout" })).toBe("layout|text|text");
  });

  it("is a group's accuracy in the fitted half, shrunk towards the overall accuracy by the prior", () => {
    const samples = [
      ...Array.from({ length: 18 }, () => ({ evidence: ocrAmount, correct: true })),
      { evidence: duration, correct: true },
      { evidence: duration, correct: false },
    ];
    const caps = fitSupportCaps(samples, 2);
    const overall = 19 / 20;
    // 18 right of 18: near 1, below it by the prior's share of average values.
    expect(caps["label|amount|ocr"]).toBeCloseTo((18 + 2 * overall) / 20, 3);
    // One right of two: the fit cannot support a high confidence for this kind of value.
    expect(caps["narrative|duration|text"]).toBeCloseTo((1 + 2 * overall) / 4, 3);
    expect(caps["narrative|duration|text"]!).toBeLessThan(0.9);
    expect(fitSupportCaps([])).toEqual({});
  });

  it("caps a value at its group's ceiling and leaves groups the fit never saw to the shared weights", () => {
    const uncapped: CalibrationModel = { ...CALIBRATION, supportCaps: {} };
    const capped: CalibrationModel = { ...CALIBRATION, supportCaps: { "narrative|duration|text": 0.6 } };
    expect(calibratedConfidence(duration, 0.9, uncapped)).toBeGreaterThan(0.6);
    expect(calibratedConfidence(duration, 0.9, capped)).toBe(0.6);
    expect(calibratedConfidence({ ...duration, kind: "place" }, 0.9, capped)).toBe(calibratedConfidence({ ...duration, kind: "place" }, 0.9, uncapped));
  });
});
