import { describe, expect, it } from "vitest";
import { coerceDocumentData, coerceFieldValue, numberAsText, printedDecimals } from "./field-coercion";
import { checkDocumentData, type FieldShape } from "./field-values";

const textOnly: FieldShape[] = [
  { name: "invoice_number", type: "text" },
  { name: "invoice_date", type: "text" },
  { name: "total", type: "text" },
  { name: "line_items", type: "table", columns: [{ name: "description", type: "text" }, { name: "quantity", type: "text" }, { name: "amount", type: "text" }] },
];
const typed: FieldShape[] = [
  { name: "invoice_number", type: "text" },
  { name: "invoice_date", type: "date" },
  { name: "total", type: "currency" },
  { name: "paid", type: "boolean" },
  { name: "line_items", type: "table", columns: [{ name: "description", type: "text" }, { name: "quantity", type: "number" }, { name: "amount", type: "currency" }] },
];

/** What the engine stores for an invoice whatever the fields' types: figures as numbers, the printed text as `raw`. */
const engineData = {
  invoice_number: "NW-20417",
  invoice_date: "2024-03-14",
  total: 1234.5,
  line_items: [
    { description: "Consulting services", quantity: 10, amount: 950 },
    { description: "Travel expenses", quantity: 1, amount: 284.5 },
  ],
};
const engineMetadata = {
  invoice_number: { confidence: 0.9, source: null, raw: "NW-20417" },
  invoice_date: { confidence: 0.9, source: null, raw: "March 14, 2024" },
  total: { confidence: 0.9, source: null, raw: "1,234.50" },
  line_items: {
    confidence: 0.8,
    source: null,
    rows: [
      { description: { raw: "Consulting services" }, quantity: { raw: "10" }, amount: { raw: "950.00" } },
      { description: { raw: "Travel expenses" }, quantity: { raw: "1" }, amount: { raw: "284.50" } },
    ],
  },
};

describe("printedDecimals", () => {
  it("reads the decimals the page printed, whatever the separators", () => {
    expect(printedDecimals(1234.5, "1,234.50")).toBe(2);
    expect(printedDecimals(1234.5, "1.234,50 €")).toBe(2);
    expect(printedDecimals(1234.5, "1 234,50")).toBe(2);
    expect(printedDecimals(1234, "1,234")).toBe(0);
    expect(printedDecimals(1.234, "1,234")).toBe(3);
    expect(printedDecimals(0, "0.00")).toBe(2);
    expect(printedDecimals(-12.5, "(12.50)")).toBe(2);
    expect(printedDecimals(10, "10 95.00")).toBe(0);
  });

  it("says nothing when the raw text shows no such number", () => {
    expect(printedDecimals(12, "Invoice 2012")).toBeNull();
    expect(printedDecimals(12, null)).toBeNull();
    expect(printedDecimals(Number.NaN, "12")).toBeNull();
  });
});

describe("numberAsText", () => {
  it("writes plain decimals, never grouping or an exponent", () => {
    expect(numberAsText(1234.5, "1,234.50")).toBe("1234.50");
    expect(numberAsText(1234.5)).toBe("1234.5");
    expect(numberAsText(-0.05, "-0,050")).toBe("-0.050");
    expect(numberAsText(1e21)).toBe("1000000000000000000000");
    expect(numberAsText(1e-7)).toBe("0.0000001");
  });
});

describe("coerceDocumentData", () => {
  it("turns the engine's figures into normalised text in text fields, keeping the printed decimals", () => {
    const data = coerceDocumentData(textOnly, engineData, engineMetadata);
    expect(data).toEqual({
      invoice_number: "NW-20417",
      invoice_date: "2024-03-14",
      total: "1234.50",
      line_items: [
        { description: "Consulting services", quantity: "10", amount: "950.00" },
        { description: "Travel expenses", quantity: "1", amount: "284.50" },
      ],
    });
    expect(checkDocumentData(textOnly, data)).toEqual([]);
  });

  it("keeps typed values in typed fields, and they pass the type checks", () => {
    const data = coerceDocumentData(typed, { ...engineData, paid: null }, engineMetadata);
    expect(data).toEqual({ ...engineData, paid: null });
    expect(checkDocumentData(typed, data)).toEqual([]);
  });

  it("reads values stored for another type back in the field's type (a field retyped after extraction)", () => {
    const stored = { total: "1234.50", paid: "TRUE", line_items: [{ quantity: " 3 ", amount: "12.5" }] };
    expect(coerceDocumentData(typed, stored)).toEqual({ total: 1234.5, paid: true, line_items: [{ quantity: 3, amount: 12.5 }] });
  });

  it("leaves what it cannot convert without guessing, so the checks still name it", () => {
    const stored = { total: "1,234", paid: "yes", invoice_date: "14/03/2024", line_items: "none" };
    const data = coerceDocumentData(typed, stored);
    expect(data).toEqual(stored);
    expect(checkDocumentData(typed, data).map((problem) => problem.path).sort()).toEqual(["invoice_date", "line_items", "paid", "total"]);
  });

  it("keeps nulls, unknown keys and unknown columns, and changes nothing a second time", () => {
    const stored = { total: null, gone: 5, line_items: [{ amount: 1, extra: 2 }, "row"] };
    const once = coerceDocumentData(textOnly, stored);
    expect(once).toEqual({ total: null, gone: 5, line_items: [{ amount: "1", extra: 2 }, "row"] });
    expect(coerceDocumentData(textOnly, once)).toEqual(once);
    const typedOnce = coerceDocumentData(textOnly, engineData, engineMetadata);
    expect(coerceDocumentData(textOnly, typedOnce, engineMetadata)).toEqual(typedOnce);
  });

  it("writes booleans in text fields as true or false", () => {
    expect(coerceFieldValue({ name: "agreed", type: "text" }, true)).toBe("true");
    expect(coerceFieldValue({ name: "agreed", type: "select" }, false)).toBe("false");
  });
});
