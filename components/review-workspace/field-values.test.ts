import { describe, expect, it } from "vitest";
import { confidenceLabel, confidenceLevel, fromInputText, inputKind, needsAttention, readableFieldName, readCellMeta, readValueMeta, sameValue, toInputText } from "./field-values";

describe("metadata", () => {
  it("reads a value's confidence, source box and correction", () => {
    const meta = readValueMeta({ confidence: 0.72, source: { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.02 }, raw: "42,00" });
    expect(meta).toEqual({ confidence: 0.72, source: { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.02 }, corrected: false, raw: "42,00" });
    expect(readValueMeta({ confidence: 1, source: null, corrected: true }).corrected).toBe(true);
    expect(readValueMeta(undefined)).toEqual({ confidence: null, source: null, corrected: false, raw: null });
  });

  it("reads a table cell from the table's rows", () => {
    const table = { confidence: 0.8, source: null, rows: [{ sku: { confidence: 0.5, source: null } }] };
    expect(readCellMeta(table, 0, "sku").confidence).toBe(0.5);
    expect(readCellMeta(table, 1, "sku").confidence).toBeNull();
    expect(readCellMeta(table, 0, "qty").confidence).toBeNull();
    expect(readCellMeta({ confidence: 1 }, 0, "sku").confidence).toBeNull();
  });
});

describe("confidence", () => {
  const meta = (confidence: number | null) => ({ confidence, source: null, corrected: false, raw: null });

  it("bands at the default thresholds 0.9 and 0.5", () => {
    expect(confidenceLevel(meta(0.95))).toBe("high");
    expect(confidenceLevel(meta(0.9))).toBe("high");
    expect(confidenceLevel(meta(0.75))).toBe("medium");
    expect(confidenceLevel(meta(0.5))).toBe("medium");
    expect(confidenceLevel(meta(0.49))).toBe("low");
    expect(confidenceLevel(meta(null))).toBe("none");
  });

  it("bands at the parser's own thresholds", () => {
    const thresholds = { high: 0.8, low: 0.3 };
    expect(confidenceLevel(meta(0.8), { thresholds })).toBe("high");
    expect(confidenceLevel(meta(0.79), { thresholds })).toBe("medium");
    expect(confidenceLevel(meta(0.3), { thresholds })).toBe("medium");
    expect(confidenceLevel(meta(0.29), { thresholds })).toBe("low");
  });

  it("counts a correction, saved or just made, as settled", () => {
    expect(confidenceLevel({ ...meta(0.2), corrected: true })).toBe("corrected");
    expect(confidenceLevel(meta(0.2), { edited: true })).toBe("corrected");
    expect(needsAttention("low")).toBe(true);
    expect(needsAttention("medium")).toBe(true);
    expect(needsAttention("corrected")).toBe(false);
  });

  it("tells a value that was not found from a doubtful one", () => {
    expect(confidenceLevel(meta(0), { value: null })).toBe("missing");
    expect(confidenceLevel(meta(0.95), { value: "" })).toBe("missing");
    expect(confidenceLevel(meta(0.4), { value: "x" })).toBe("low");
    expect(needsAttention("missing")).toBe(false);
    expect(needsAttention("missing", true)).toBe(true);
  });

  it("says the level in words", () => {
    expect(confidenceLabel("low", 0.42)).toBe("Check: low confidence (42%)");
    expect(confidenceLabel("high", 0.97)).toBe("High confidence (97%)");
  });
});

describe("input text", () => {
  const field = (type: string, options: string[] = []) => ({ type, options }) as Parameters<typeof fromInputText>[0];

  it("reads numbers as typed or as printed on the page", () => {
    expect(fromInputText(field("number"), "12.5")).toEqual({ ok: true, value: 12.5 });
    expect(fromInputText(field("currency"), "1.234,56 €")).toEqual({ ok: true, value: 1234.56 });
    expect(fromInputText(field("currency"), "EUR 42.00")).toEqual({ ok: true, value: 42 });
    expect(fromInputText(field("number"), "n/a")).toEqual({ ok: false, message: "Enter a number" });
  });

  it("reads dates to ISO", () => {
    expect(fromInputText(field("date"), "2024-06-01")).toEqual({ ok: true, value: "2024-06-01" });
    expect(fromInputText(field("date"), "01.06.2024")).toEqual({ ok: true, value: "2024-06-01" });
    expect(fromInputText(field("date"), "3 June 2024")).toEqual({ ok: true, value: "2024-06-03" });
    expect(fromInputText(field("date"), "soon").ok).toBe(false);
  });

  it("reads booleans and select options, and empties to null", () => {
    expect(fromInputText(field("boolean"), "Yes")).toEqual({ ok: true, value: true });
    expect(fromInputText(field("select", ["EUR", "USD"]), "usd")).toEqual({ ok: true, value: "USD" });
    expect(fromInputText(field("select", ["EUR"]), "GBP").ok).toBe(false);
    expect(fromInputText(field("text"), "   ")).toEqual({ ok: true, value: null });
    expect(fromInputText(field("text"), "  Acme  ")).toEqual({ ok: true, value: "Acme" });
  });

  it("shows stored values as text and picks inputs per type", () => {
    expect(toInputText(null)).toBe("");
    expect(toInputText(42)).toBe("42");
    expect(toInputText(false)).toBe("false");
    expect(inputKind("currency")).toBe("number");
    expect(inputKind("address")).toBe("multiline");
    expect(inputKind("phone")).toBe("tel");
  });

  it("compares values as stored", () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue([{ a: 1 }], [{ a: 1 }])).toBe(true);
    expect(sameValue("1", 1)).toBe(false);
  });
});

describe("display", () => {
  it("reads a field's name as words, in full", () => {
    expect(readableFieldName("vendor_addr")).toBe("Vendor addr");
    expect(readableFieldName("invoiceNumber")).toBe("Invoice number");
    expect(readableFieldName("total")).toBe("Total");
    expect(readableFieldName("supplierVATNumber")).toBe("Supplier VAT number");
    expect(readableFieldName("Due date")).toBe("Due date");
  });

  it("shows currency with two decimals without changing the stored amount", () => {
    expect(toInputText(30.9, "currency")).toBe("30.90");
    expect(toInputText(30, "currency")).toBe("30.00");
    expect(toInputText(30.905, "currency")).toBe("30.905");
    expect(toInputText(30.9, "number")).toBe("30.9");
    expect(fromInputText({ type: "currency", options: [] }, toInputText(30.9, "currency"))).toEqual({ ok: true, value: 30.9 });
  });
});
