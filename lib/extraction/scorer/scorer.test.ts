import { describe, expect, it } from "vitest";
import { documentLines } from "../fields/document-lines";
import { textToPages } from "../loaders/plain-text";
import { valueCandidates } from "./candidates";
import { candidateFeatures, documentFacts, FEATURE_NAMES } from "./features";
import { extractFromPageModel } from "../extract-document";
import { decide, fieldCandidates, withScorer, type ScorerModel } from "./index";
import { calibrated, rawScore, type FieldScorer, type Tree } from "./model";

const receipt = ["ACME STORE", "Date: 12/03/2024 10:15", "Bread    2.50", "Milk     1.20", "Subtotal   3.70", "GST 6%   0.22", "Total   3.92", "Cash   10.00", "Change   6.08"];
const lines = documentLines({ pages: textToPages(receipt.join("\n")) });
const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

/** One split: candidates with a total label on their row score +4, others -4. */
function labelStump(): Tree {
  return { feature: [at("label_row_total_amount"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -4, 4] };
}
const scorer = (abstainBelow: number): FieldScorer => ({ kind: "amount", base: 0, learningRate: 1, trees: [labelStump()], calibration: { weights: [1, 0, 0, 0] }, abstainBelow });

describe("candidates", () => {
  it("lists every amount but not the rate, the time or the date's numbers", () => {
    const values = valueCandidates(lines, "amount", "dmy").map((c) => c.value);
    expect(values).toEqual([2.5, 1.2, 3.7, 0.22, 3.92, 10, 6.08]);
    expect(valueCandidates(lines, "date", "dmy").map((c) => c.value)).toEqual(["2024-03-12"]);
  });
});

describe("features", () => {
  const facts = documentFacts(lines);
  const candidates = valueCandidates(lines, "amount", "dmy");
  const x = candidateFeatures(facts, "amount", { key: "total_amount", name: "total_amount", description: "Total amount including tax" }, candidates, { value: 3.92, line: 6, score: 0.9 });
  const of = (value: number) => x[candidates.findIndex((c) => c.value === value)]!;

  it("marks the total's label, the rules' pick and the sum it closes", () => {
    expect(of(3.92)[at("label_row_total_amount")]).toBeGreaterThan(0);
    expect(of(3.92)[at("rule_same_value")]).toBe(1);
    expect(of(3.92)[at("sum_of_two")]).toBe(1);
    expect(of(3.7)[at("label_row_total_amount")]).toBe(0);
    expect(of(3.7)[at("label_row_subtotal_amount")]).toBeGreaterThan(0);
  });

  it("reads cash less change as the amount paid", () => {
    expect(of(3.92)[at("tender_minus_change")]).toBe(1);
    expect(of(10)[at("kw_tender")]).toBe(1);
    expect(of(10)[at("is_max")]).toBe(1);
  });
});

describe("decide", () => {
  const found = fieldCandidates(documentFacts(lines), "dmy", "amount", { key: "total_amount", name: "total_amount" }, null);

  it("takes the best-scored candidate with its calibrated probability", () => {
    const decision = decide(scorer(0.5), found);
    expect(decision?.value).toBe(3.92);
    expect(decision?.confidence).toBeCloseTo(calibrated({ calibration: { weights: [1, 0, 0, 0] } }, [4, 0, 1, 1]), 3);
    expect(rawScore(scorer(0.5), found.features[0]!)).toBe(-4);
  });

  it("abstains when the best candidate's probability is below the floor", () => {
    expect(decide(scorer(0.99), found)).toBeNull();
  });
});

describe("the engine with a scorer in force", () => {
  const page = { pages: textToPages(receipt.join("\n")) };
  const asked = [{ name: "total_amount", type: "number" as const }];
  /** A scorer that prefers the cash tendered: the wrong value, so the policy's effect shows. */
  const cashFirst: FieldScorer = { ...scorer(0.5), trees: [{ feature: [at("kw_tender"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -4, 4] }] };
  const model = (policy?: "decide" | "fill"): ScorerModel => ({ version: 1, trainedOn: "test", features: [...FEATURE_NAMES], fields: { total_amount: cashFirst }, report: {}, policy });

  it("replaces the rules' pick with its own choice by default", () => {
    expect(withScorer(null, () => extractFromPageModel(page, asked)).data.total_amount).toBe(3.92);
    expect(withScorer(model(), () => extractFromPageModel(page, asked)).data.total_amount).toBe(10);
  });

  it("only fills blanks under the fill policy: the rules' pick stands", () => {
    const found = withScorer(model("fill"), () => extractFromPageModel(page, asked));
    expect(found.data.total_amount).toBe(3.92);
    expect(found.fieldMetadata.total_amount && "evidence" in found.fieldMetadata.total_amount ? found.fieldMetadata.total_amount.evidence?.strategy : null).not.toBe("scorer");
  });
});

describe("the shipped scorer's values and the totals' arithmetic", () => {
  const invoice = (total: string) => ({ pages: textToPages(["Initech Supplies GmbH", "Invoice Date: 2024-06-01", "Subtotal: 100.00 EUR", "VAT 19%: 19.00 EUR", `Total: ${total} EUR`].join("\n")) });
  const asked = [{ name: "subtotal", type: "number" as const }, { name: "tax", type: "number" as const }, { name: "total", type: "number" as const }];

  it("is in force, and a total that net + tax contradict is never shown as settled", () => {
    const good = extractFromPageModel(invoice("119.00"), asked);
    const strategy = (meta: (typeof good.fieldMetadata)[string] | undefined) => (meta && "evidence" in meta ? meta.evidence?.strategy : undefined);
    expect(strategy(good.fieldMetadata.total)).toBe("scorer");
    expect(good.fieldMetadata.total!.confidence).toBeGreaterThan(0.9);
    const bad = extractFromPageModel(invoice("129.00"), asked);
    expect(bad.data.total).toBe(129);
    expect(bad.fieldMetadata.total!.confidence).toBeLessThanOrEqual(0.66);
  });
});
