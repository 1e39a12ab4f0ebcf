import { describe, expect, it } from "vitest";
import type { FieldDefinition, FieldMetadata, FieldValue } from "../types";
import { applyDetectorJudge, DETECTOR_JUDGE, withDetectorJudge, type DetectorJudge } from "./detector-judge";
import { JUDGE_FEATURE_NAMES, judgeFeatures } from "./judge-features";

/** A judge of one stump: a value whose label matched below 0.5 (or had no label) is dropped. */
const stump: DetectorJudge = {
  version: 1,
  trainedOn: "test",
  features: [...JUDGE_FEATURE_NAMES],
  base: 0,
  learningRate: 1,
  trees: [{ feature: [JUDGE_FEATURE_NAMES.indexOf("match"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -5, 5] }],
  dropBelow: 0.5,
  report: {},
};

function document(): { data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> } {
  return {
    data: { period_start: "2024-03-01", customer_name: "Northfield Dairy LLC" },
    fieldMetadata: {
      period_start: { confidence: 0.9, source: null, raw: "March 1 - March 31, 2024", evidence: { strategy: "detector-label", kind: "period-start", match: 0.9, typeOk: true } },
      customer_name: { confidence: 0.5, source: null, raw: "Northfield Dairy LLC", evidence: { strategy: "label", kind: "name", typeOk: true } },
    },
  };
}

describe("detector judge", () => {
  it("reads one feature per name", () => {
    expect(judgeFeatures({ type: "date" }, "2024-03-01", { confidence: 0.9, evidence: { strategy: "detector-unique", kind: "period-start" }, raw: "x", source: null })).toHaveLength(JUDGE_FEATURE_NAMES.length);
  });

  it("ships fitted but not in force: the engine's values stay as the rules give them", () => {
    expect(DETECTOR_JUDGE?.features).toEqual([...JUDGE_FEATURE_NAMES]);
    const fields: FieldDefinition[] = [{ name: "period_start", type: "date", description: "First day of the service period" }, { name: "customer_name", type: "text" }];
    const doc = document();
    applyDetectorJudge({ fields, ...doc });
    expect(doc.data.customer_name).toBe("Northfield Dairy LLC");
  });

  it("in force, drops the values of a parser of another kind it does not trust, and leaves an invoice parser alone", () => {
    const other: FieldDefinition[] = [{ name: "period_start", type: "date", description: "First day of the service period" }, { name: "customer_name", type: "text" }];
    const doc = document();
    withDetectorJudge(stump, () => applyDetectorJudge({ fields: other, ...doc }));
    expect(doc.data.period_start).toBe("2024-03-01");
    expect(doc.data.customer_name).toBeNull();
    const invoice: FieldDefinition[] = [{ name: "customer_name", type: "text" }];
    const alone = document();
    withDetectorJudge(stump, () => applyDetectorJudge({ fields: invoice, ...alone }));
    expect(alone.data.customer_name).toBe("Northfield Dairy LLC");
  });
});
