import { describe, expect, it } from "vitest";
import { documentLines } from "../fields/document-lines";
import { textToPages } from "../loaders/plain-text";
import { valueCandidates } from "./candidates";
import { candidateFeatures, documentFacts, FEATURE_NAMES } from "./features";
import { extractFromPageModel } from "../extract-document";
import { decide, fieldCandidates, withScorer, type ScorerModel } from "./index";
import { calibrated, rawScore, scoreOf, type FieldScorer, type Tree } from "./model";

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

describe("features shared by the fields of a kind", () => {
  const total = { key: "total_amount", name: "total_amount", description: "Total amount including tax" };
  const subtotal = { key: "subtotal_amount", name: "subtotal_amount", description: "Net total excluding tax" };
  const rule = { value: 3.92, line: 6, score: 0.9 };

  it("gives each field the vectors it would get computed alone", () => {
    const candidates = valueCandidates(lines, "amount", "dmy");
    const facts = documentFacts(lines);
    candidateFeatures(facts, "amount", total, candidates, rule);
    const afterTotal = candidateFeatures(facts, "amount", subtotal, [...candidates], null);
    expect(facts.shared.get("amount")?.candidates).toBe(candidates);
    expect(afterTotal).toEqual(candidateFeatures(documentFacts(lines), "amount", subtotal, candidates, null));
  });

  it("keeps a field's derived candidate out of the list the others share", () => {
    const candidates = valueCandidates(lines, "amount", "dmy");
    const facts = documentFacts(lines);
    const first = candidateFeatures(facts, "amount", total, candidates, rule);
    const derived = { ...candidates[0]!, value: 13.92, derived: true };
    const withDerived = candidateFeatures(facts, "amount", total, [...candidates, derived], rule);
    expect(withDerived).toHaveLength(candidates.length + 1);
    expect(withDerived.at(-1)![at("derived")]).toBe(1);
    // One more candidate: the document's count changes for every vector of that list, not of the shared one.
    expect(withDerived[0]![at("candidates_in_doc")]).toBe(candidates.length + 1);
    expect(candidateFeatures(facts, "amount", total, [...candidates], rule)).toEqual(first);
  });

  it("checks sums on other lines only: 3.70 + 0.22 = 3.92 and 10.00 - 6.08 = 3.92", () => {
    const candidates = valueCandidates(lines, "amount", "dmy");
    const x = candidateFeatures(documentFacts(lines), "amount", total, candidates, rule);
    const of = (value: number) => x[candidates.findIndex((c) => c.value === value)]!;
    expect(of(3.92)[at("sum_of_two")]).toBe(1);
    expect(of(3.7)[at("part_of_sum")]).toBe(1);
    expect(of(0.22)[at("sum_of_two")]).toBe(0);
    expect(of(10)[at("part_of_sum")]).toBe(0);
    expect(of(3.92)[at("tender_minus_change")]).toBe(1);
    expect(of(6.08)[at("tender_minus_change")]).toBe(0);
  });

  it("agrees with pairing every two amounts on the sum checks", () => {
    // Amounts with repeats and near-cent differences over many lines, drawn from a fixed seed.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const printed = Array.from({ length: 60 }, () => (next() < 0.3 ? [1.5, 2.25, 3.75, 0.1, 0.2, 0.3][Math.floor(next() * 6)]! : Math.round(next() * 2000) / 100));
    const text = printed.map((v, i) => `Item ${i}   ${v.toFixed(2)}`);
    const docLines = documentLines({ pages: textToPages(text.join("\n")) });
    const candidates = valueCandidates(docLines, "amount", "dmy");
    const x = candidateFeatures(documentFacts(docLines), "amount", total, candidates, null);
    const cents = (v: number) => Math.round(v * 100);
    const onOtherLine = (c: number, a: number, b: number) => candidates.some((o) => typeof o.value === "number" && cents(o.value) === c && o.line.index !== a && o.line.index !== b);
    candidates.forEach((c, i) => {
      const v = c.value as number;
      const others = candidates.filter((a) => a.line.index !== c.line.index).map((a) => ({ u: a.value as number, line: a.line.index }));
      const sum = others.some(({ u, line }) => u > 0 && u < v && onOtherLine(cents(v - u), line, c.line.index)) ? 1 : 0;
      const part = others.some(({ u, line }) => u > v && onOtherLine(cents(u - v), line, c.line.index)) ? 1 : 0;
      expect([x[i]![at("sum_of_two")], x[i]![at("part_of_sum")]]).toEqual([sum, part]);
    });
  });

  it("finds a line's row mates by their centres: lines side by side share a row, lines below do not", () => {
    const word = (text: string, x: number, y: number) => ({ text, box: { x, y, w: 0.1, h: 0.02 }, confidence: 1 });
    const line = (index: number, x: number, y: number, text: string) => ({ index, page: 1, text, box: { x, y, w: 0.1, h: 0.02 }, words: [word(text, x, y)], tokens: [text.toLowerCase()] });
    const rows = [line(0, 0.1, 0.5, "Total"), line(1, 0.6, 0.505, "3.92"), line(2, 0.1, 0.53, "Cash"), line(3, 0.6, 0.1, "Top")];
    const facts = documentFacts(rows);
    expect(facts.rowMates.get(0)!.map((l) => l.index)).toEqual([0, 1]);
    expect(facts.rowMates.get(1)!.map((l) => l.index)).toEqual([0, 1]);
    expect(facts.rowMates.get(2)!.map((l) => l.index)).toEqual([2]);
    expect(facts.positionOnPage.get(3)).toBe(3);
  });
});

describe("the compiled ensemble", () => {
  /** A random tree of the given depth over `features` features (a generated shape, not a trained one). */
  function randomTree(depth: number, features: number, random: () => number): Tree {
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const grow = (level: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      tree.value.push(0);
      if (level === depth || random() < 0.2) {
        tree.value[node] = (random() - 0.5) * 3.7;
        return node;
      }
      tree.feature[node] = Math.floor(random() * features);
      tree.threshold[node] = Math.round(random() * 8) / 8;
      tree.left[node] = grow(level + 1);
      tree.right[node] = grow(level + 1);
      return node;
    };
    grow(0);
    return tree;
  }

  it("scores every vector as walking the trees does, bit for bit", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const model = { base: -0.3, learningRate: 0.1, trees: Array.from({ length: 60 }, () => randomTree(4, 9, random)) };
    const score = scoreOf(model);
    for (let i = 0; i < 500; i += 1) {
      const x = Array.from({ length: 9 }, () => Math.round(random() * 8) / 8);
      expect(Object.is(score(x), rawScore(model, x))).toBe(true);
    }
    expect(scoreOf(model)).toBe(score);
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
  /** A scorer that prefers one keyword's row: the wrong value, so the policy's effect shows. */
  const prefers = (keyword: (typeof FEATURE_NAMES)[number]): FieldScorer => ({ ...scorer(0.5), trees: [{ feature: [at(keyword), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -4, 4] }] });
  const subtotalFirst = prefers("kw_sub");
  const model = (policy?: "decide" | "fill", total: FieldScorer = subtotalFirst): ScorerModel => ({ version: 1, trainedOn: "test", features: [...FEATURE_NAMES], fields: { total_amount: total }, report: {}, policy });

  it("replaces the rules' pick with its own choice by default", () => {
    expect(withScorer(null, () => extractFromPageModel(page, asked)).data.total_amount).toBe(3.92);
    expect(withScorer(model(), () => extractFromPageModel(page, asked)).data.total_amount).toBe(3.7);
  });

  it("never takes the cash tendered for the total, whatever the scorer prefers", () => {
    const found = withScorer(model("decide", prefers("kw_tender")), () => extractFromPageModel(page, asked));
    expect(found.data.total_amount).not.toBe(10);
    expect(found.fieldMetadata.total_amount!.confidence).toBeLessThan(0.9);
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
