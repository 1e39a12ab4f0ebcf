import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition, type TableMetadata, type ValueEvidence, type ValueMetadata } from "../index";
import { featureVector } from "./features";
import { fitLogistic, sigmoid, dot } from "./logistic";
import { ARITHMETIC_CONTRADICTION_CAP, calibratedConfidence, CALIBRATION } from "./model";
import { reliability } from "./reliability";

const labelled: ValueEvidence = { strategy: "label", score: 0.8, kind: "amount", ocr: null, typeOk: true, arithmetic: 0, agreement: 0, rival: false };

describe("calibrated confidence", () => {
  it("is a probability that falls with contrary evidence and never falls with confirming evidence", () => {
    const base = calibratedConfidence(labelled, 0.8);
    expect(base).toBeGreaterThan(0);
    expect(base).toBeLessThan(1);
    // The fit keeps a confirming feature's weight at 0 or above (scripts/calibrate.ts); on the pooled corpus the
    // sum check alone added nothing once the other evidence was known.
    expect(calibratedConfidence({ ...labelled, arithmetic: 1 }, 0.8)).toBeGreaterThanOrEqual(base);
    expect(calibratedConfidence({ ...labelled, agreement: 1 }, 0.8)).toBeGreaterThan(base);
    expect(calibratedConfidence({ ...labelled, arithmetic: -1 }, 0.8)).toBeLessThan(base);
    expect(calibratedConfidence({ ...labelled, ocr: 0.55 }, 0.8)).toBeLessThan(calibratedConfidence({ ...labelled, ocr: 0.95 }, 0.8));
    // A rival never raises confidence; the fit sets its weight to 0 rather than let it (scripts/calibrate.ts).
    expect(calibratedConfidence({ ...labelled, rival: true }, 0.8)).toBeLessThanOrEqual(base);
  });

  it("does not count a value the arithmetic itself chose as confirmed by it", () => {
    const chosen: ValueEvidence = { ...labelled, strategy: "arithmetic", arithmetic: 1 };
    expect(calibratedConfidence(chosen, 0.8)).toBe(calibratedConfidence({ ...chosen, arithmetic: 0 }, 0.8));
  });

  it("caps a strategy the fit never saw, and trusts e-invoice values fully", () => {
    const unknown = calibratedConfidence({ ...labelled, strategy: "a-reader-added-later", arithmetic: 1, score: 0.99 }, 0.99);
    expect(unknown).toBeLessThanOrEqual(CALIBRATION.unknownStrategyCap);
    // Every strategy the engine names today is in the fit (the generic ones included): none is capped.
    for (const strategy of ["narrative", "form-label", "acroform", "checkbox", "table-arithmetic"]) expect(CALIBRATION.strategies).toContain(strategy);
    expect(calibratedConfidence({ strategy: "e-invoice" }, 0.2)).toBe(1);
  });

  it("never shows every value of a failed totals check as certain: at least one of them is wrong", () => {
    const checked = calibratedConfidence({ ...labelled, arithmetic: 1, score: 0.95 }, 0.95);
    const contradicted = calibratedConfidence({ ...labelled, arithmetic: -1, score: 0.95 }, 0.95);
    expect(contradicted).toBeLessThanOrEqual(ARITHMETIC_CONTRADICTION_CAP);
    expect(checked).toBeGreaterThan(contradicted);
  });

  it("reads the score from the metadata when the evidence has none", () => {
    // Without the group ceilings (support.ts), which a well-supported high score can reach, nor the ceiling of groups
    // the fit never saw, which with no group ceilings left would hold both scores alike.
    const fitOnly = { ...CALIBRATION, supportCaps: {}, unseenGroupCap: undefined };
    expect(calibratedConfidence({ strategy: "label", kind: "date" }, 0.9, fitOnly)).toBeGreaterThan(calibratedConfidence({ strategy: "label", kind: "date" }, 0.3, fitOnly));
  });
});

describe("logistic fit and reliability", () => {
  it("recovers a separable rule and reports calibration error", () => {
    // Feature 1 decides: values with it are right 9 times in 10, without it 2 times in 10.
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const on = i % 2;
      x.push([1, on]);
      y.push(on ? (i % 20 === 1 ? 0 : 1) : i % 10 < 2 ? 1 : 0);
    }
    const w = fitLogistic(x, y, { lambda: 0.01 });
    expect(sigmoid(dot(w, [1, 1]))).toBeCloseTo(0.9, 1);
    expect(sigmoid(dot(w, [1, 0]))).toBeCloseTo(0.2, 1);
    const r = reliability(
      x.map((row, i) => ({ confidence: sigmoid(dot(w, row)), correct: y[i] === 1 })),
      0.85,
    );
    expect(r.ece).toBeLessThan(0.02);
    expect(r.high.share).toBe(0.5);
    expect(r.high.accuracy).toBeCloseTo(0.9, 5);
  });

  it("fits a row of weight 2 as it fits the same row twice", () => {
    const x = [[1, 1], [1, 1], [1, 0], [1, 0], [1, 1]];
    const y = [1, 0, 0, 1, 1];
    const repeated = fitLogistic([...x, x[0]!], [...y, y[0]!], { lambda: 0.5 });
    const weighted = fitLogistic(x, y, { lambda: 0.5, weights: [2, 1, 1, 1, 1] });
    weighted.forEach((w, i) => expect(w).toBeCloseTo(repeated[i]!, 6));
  });

  it("keeps the feature vector the length the committed model was fitted on", () => {
    expect(featureVector(labelled, 0.8, CALIBRATION.strategies)).toHaveLength(CALIBRATION.weights.length);
  });
});

/** A clean, fully labelled invoice whose totals and rows add up. */
async function cleanInvoice(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const texts: Array<[string, number, number, number?]> = [
    ["Northwind Traders Ltd", 50, 60, 18],
    ["Invoice number:", 350, 110],
    ["NW-2024-0193", 450, 110],
    ["Invoice date:", 350, 125],
    ["14 March 2024", 450, 125],
    ["Description", 50, 220],
    ["Qty", 300, 220],
    ["Unit price", 370, 220],
    ["Amount", 490, 220],
    ["Oak desk", 50, 240],
    ["2", 305, 240],
    ["250.00", 370, 240],
    ["500.00", 490, 240],
    ["Desk lamp", 50, 255],
    ["4", 305, 255],
    ["25.00", 370, 255],
    ["100.00", 490, 255],
    ["Subtotal", 370, 290],
    ["600.00", 490, 290],
    ["VAT 20%", 370, 305],
    ["120.00", 490, 305],
    ["Total GBP", 370, 320],
    ["720.00", 490, 320],
  ];
  for (const [text, x, y, size] of texts) page.drawText(text, { x, y: 842 - y, size: size ?? 10, font });
  return pdf.save();
}

describe("confidences of an extracted document", () => {
  it("gives a clean invoice's values and cells high, individual confidences", async () => {
    const fields: FieldDefinition[] = [
      { name: "vendor_name", type: "text", description: "Vendor name" },
      { name: "invoice_number", type: "text", description: "Invoice number" },
      { name: "invoice_date", type: "date", description: "Invoice date" },
      { name: "subtotal_amount", type: "number", description: "Net total excluding tax" },
      { name: "tax_amount", type: "number", description: "Total tax amount" },
      { name: "total_amount", type: "number", description: "Total amount including tax" },
      { name: "line_items", type: "table", columns: [{ name: "description", type: "text" }, { name: "quantity", type: "number" }, { name: "unit_price", type: "number" }, { name: "amount", type: "number" }] },
    ];
    const result = await extractDocument({ bytes: await cleanInvoice(), mimeType: "application/pdf", fields });
    expect(result.data).toMatchObject({ vendor_name: "Northwind Traders Ltd", invoice_number: "NW-2024-0193", invoice_date: "2024-03-14", subtotal_amount: 600, tax_amount: 120, total_amount: 720 });
    for (const name of ["invoice_number", "invoice_date", "subtotal_amount", "tax_amount", "total_amount"]) {
      const meta = result.fieldMetadata[name] as ValueMetadata;
      expect(meta.confidence, name).toBeGreaterThanOrEqual(0.9);
      expect(meta.evidence?.strategy, name).toBeDefined();
    }
    expect((result.fieldMetadata.total_amount as ValueMetadata).evidence?.arithmetic).toBe(1);
    const table = result.fieldMetadata.line_items as TableMetadata;
    const amount = table.rows[0]?.amount;
    expect(amount?.evidence).toMatchObject({ strategy: "table-header", kind: "cell-number", arithmetic: 1 });
    // Cells carry their own confidence: not one constant for the whole table.
    expect(new Set(table.rows.flatMap((row) => Object.values(row).map((cell) => cell.confidence))).size).toBeGreaterThan(1);
  });
});
