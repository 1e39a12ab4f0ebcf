import { describe, expect, it } from "vitest";
import { extractFromPageModel } from "../extract-document";
import { textToPages } from "../loaders/plain-text";
import type { FieldDefinition, FieldMetadata, FieldValue, PageModel } from "../types";
import { applyValueCalibrator, CALIBRATOR, judgedFeatures, valueProbability, withCalibrator, type ValueCalibrator } from "./calibrator";
import type { Tree } from "./model";
import { documentReading, VALUE_FEATURE_NAMES } from "./value-features";

const at = (name: (typeof VALUE_FEATURE_NAMES)[number]) => VALUE_FEATURE_NAMES.indexOf(name);
const page: PageModel = { pages: textToPages("ACME STORE\nTotal 3.92\nDate 12/03/2024") };
const fields: FieldDefinition[] = [
  { name: "total_amount", type: "number" },
  { name: "invoice_date", type: "date" },
  { name: "notes", type: "text" },
];

function extracted(): { data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> } {
  return {
    data: { total_amount: 3.92, invoice_date: "2024-03-12", notes: "hand-typed" },
    fieldMetadata: {
      total_amount: { confidence: 0.95, source: { page: 1, x: 0.1, y: 0.2, w: 0.2, h: 0.02 }, raw: "3.92", evidence: { strategy: "label", score: 0.9, kind: "amount", typeOk: true, arithmetic: 1, ocr: null } },
      invoice_date: { confidence: 0.9, source: { page: 1, x: 0.1, y: 0.3, w: 0.2, h: 0.02 }, raw: "12/03/2024", evidence: { strategy: "fallback", score: 0.5, kind: "date", typeOk: true, ocr: 0.6 } },
      // A person's or an LLM's value carries no evidence: the calibrator leaves it alone.
      notes: { confidence: 0.7, source: null },
    },
  };
}

/** One split on the finder: label-found values score +3, others -3. */
function strategyStump(): Tree {
  return { feature: [at("strategy_label"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -3, 3] };
}
const calibrator: ValueCalibrator = { version: 1, trainedOn: "test", features: [...VALUE_FEATURE_NAMES], base: 0, learningRate: 1, trees: [strategyStump()], platt: { a: 1, b: 0 }, abstainBelow: 0.5, strategies: ["label", "fallback"], report: {} };

describe("value features", () => {
  it("describe the chosen value's concept, finder, checks, shape and reading", () => {
    const { data, fieldMetadata } = extracted();
    const x = judgedFeatures(page, fields, data, fieldMetadata);
    expect([...x.keys()]).toEqual(["total_amount", "invoice_date"]);
    const total = x.get("total_amount")!;
    const date = x.get("invoice_date")!;
    expect(total).toHaveLength(VALUE_FEATURE_NAMES.length);
    expect(total[at("concept_total_amount")]).toBe(1);
    expect(total[at("strategy_label")]).toBe(1);
    expect(total[at("arithmetic")]).toBe(1);
    expect(total[at("ocr_read")]).toBe(0);
    expect(date[at("strategy_fallback")]).toBe(1);
    expect(date[at("ocr_min")]).toBe(0.6);
    // 12 March or 3 December: the document's date order decided it.
    expect(date[at("date_order_ambiguous")]).toBe(1);
  });

  it("flag a value another field also holds", () => {
    const { data, fieldMetadata } = extracted();
    data.invoice_date = "3.92";
    expect(judgedFeatures(page, fields, data, fieldMetadata).get("total_amount")![at("same_as_other_field")]).toBe(1);
  });

  it("read a text layer as exact and an OCR'd page by its word confidences", () => {
    expect(documentReading(page)).toMatchObject({ ocrRead: false, ocrMean: 1, ocrLowShare: 0 });
    const scanned: PageModel = { pages: page.pages.map((p) => ({ ...p, source: "ocr" as const, blocks: p.blocks.map((b) => ({ ...b, lines: b.lines.map((l) => ({ ...l, words: l.words.map((w, i) => ({ ...w, confidence: i === 0 ? 0.5 : 0.9 })) })) })) })) };
    const reading = documentReading(scanned);
    expect(reading.ocrRead).toBe(true);
    expect(reading.ocrLowShare).toBeGreaterThan(0);
    expect(reading.ocrMean).toBeLessThan(0.9);
  });
});

describe("applyValueCalibrator", () => {
  it("replaces the confidence with the calibrated probability and empties the field it does not trust", () => {
    const { data, fieldMetadata } = extracted();
    withCalibrator(calibrator, () => applyValueCalibrator({ model: page, fields, data, fieldMetadata }));
    expect(data.total_amount).toBe(3.92);
    expect(fieldMetadata.total_amount!.confidence).toBeCloseTo(1 / (1 + Math.exp(-3)), 3);
    expect(data.invoice_date).toBeNull();
    expect(fieldMetadata.invoice_date).toEqual({ confidence: 0, source: null });
    expect(data.notes).toBe("hand-typed");
    expect(fieldMetadata.notes!.confidence).toBe(0.7);
  });

  it("does nothing without a calibrator or with one fitted on other features", () => {
    for (const model of [null, { ...calibrator, features: ["something_else"] }]) {
      const { data, fieldMetadata } = extracted();
      withCalibrator(model, () => applyValueCalibrator({ model: page, fields, data, fieldMetadata }));
      expect(data.invoice_date).toBe("2024-03-12");
      expect(fieldMetadata.total_amount!.confidence).toBe(0.95);
    }
  });

  it("Platt-scales the trees' summed output", () => {
    const x = new Array<number>(VALUE_FEATURE_NAMES.length).fill(0);
    expect(valueProbability({ ...calibrator, platt: { a: 2, b: -1 } }, x)).toBeCloseTo(1 / (1 + Math.exp(-(2 * -3 - 1))), 6);
  });
});

describe("the engine with a calibrator in force", () => {
  it("empties a rules' value the calibrator does not trust and keeps the others at its probability", () => {
    const receipt: PageModel = { pages: textToPages("ACME STORE\nDate: 12/03/2024\nBread 2.50\nTotal 2.50") };
    const asked: FieldDefinition[] = [{ name: "total_amount", type: "number" }, { name: "invoice_date", type: "date" }];
    const without = withCalibrator(null, () => extractFromPageModel(receipt, asked));
    expect(without.data).toEqual({ total_amount: 2.5, invoice_date: "2024-03-12" });
    // Dates distrusted (-3), everything else trusted (+3).
    const datesOut: Tree = { feature: [at("concept_invoice_date"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 3, -3] };
    const strategyOf = (meta: FieldMetadata | undefined) => (meta && "evidence" in meta ? (meta.evidence?.strategy ?? "") : "");
    const strategies = [strategyOf(without.fieldMetadata.total_amount), strategyOf(without.fieldMetadata.invoice_date)];
    const found = withCalibrator({ ...calibrator, trees: [datesOut], strategies }, () => extractFromPageModel(receipt, asked));
    expect(found.data).toEqual({ total_amount: 2.5, invoice_date: null });
    expect(found.fieldMetadata.total_amount!.confidence).toBeCloseTo(1 / (1 + Math.exp(-3)), 3);
    expect(found.fieldMetadata.invoice_date).toEqual({ confidence: 0, source: null });
  });

  it("ships a calibrator fitted on today's features", () => {
    expect(CALIBRATOR?.features).toEqual([...VALUE_FEATURE_NAMES]);
    expect(CALIBRATOR?.abstainBelow).toBeGreaterThan(0);
  });
});
