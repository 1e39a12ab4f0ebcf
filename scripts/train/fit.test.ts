import { describe, expect, it } from "vitest";
import { FEATURE_NAMES } from "../../lib/extraction/scorer";
import { calibrated, calibrationInputs } from "../../lib/extraction/scorer/model";
import type { FieldExample } from "./examples";
import { fitField } from "./fit";
import { DEFAULT_SETTINGS } from "./gbdt";

const slot = (name: string) => FEATURE_NAMES.indexOf(name);

/** Two candidates; the rules' pick carries the signal. On an OCR'd page the rules' pick is wrong one time in three. */
function example(i: number): FieldExample {
  const ocr = i % 2 === 1;
  const pickRight = !ocr || i % 3 !== 0;
  const candidate = (picked: boolean) => {
    const x = new Array<number>(FEATURE_NAMES.length).fill(0);
    x[slot("rule_same_value")] = picked ? 1 : 0;
    x[slot("ocr")] = ocr ? 1 : 0;
    return x;
  };
  return {
    field: "total_amount",
    source: "test",
    group: `sender-${i}`,
    doc: `doc-${i}`,
    features: [candidate(true), candidate(false)],
    labels: pickRight ? [1, 0] : [0, 1],
    values: [10 + i, 20 + i],
    rule: { value: 10 + i, right: pickRight },
  };
}

describe("the value scorer's calibration", () => {
  it("reads whether the page was OCR'd, so an OCR'd page's pick is shown less sure than a text layer's", () => {
    const fit = fitField("total_amount", Array.from({ length: 240 }, (_, i) => example(i)), { ...DEFAULT_SETTINGS, rounds: 10 });
    expect(fit).not.toBeNull();
    const scorer = fit!.scorer;
    expect(scorer.calibration.inputs).toEqual(["ocr"]);
    const top = (ocr: boolean) => {
      const x = new Array<number>(FEATURE_NAMES.length).fill(0);
      x[slot("rule_same_value")] = 1;
      x[slot("ocr")] = ocr ? 1 : 0;
      return calibrated(scorer, calibrationInputs(1, x, FEATURE_NAMES, scorer.calibration.inputs));
    };
    expect(top(true)).toBeLessThan(top(false) - 0.1);
  });
});
