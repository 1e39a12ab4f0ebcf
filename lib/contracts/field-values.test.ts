import { describe, expect, it } from "vitest";
import { checkDocumentData, type FieldShape } from "./field-values";

const fields: FieldShape[] = [
  { name: "invoiceNumber", type: "text" },
  { name: "total", type: "currency" },
  { name: "issued", type: "date" },
  { name: "paid", type: "boolean" },
  { name: "kind", type: "select", options: ["invoice", "credit note"] },
  { name: "items", type: "table", columns: [{ name: "sku", type: "text" }, { name: "qty", type: "number" }] },
];

describe("checkDocumentData", () => {
  it("accepts values of the right shape, and null to clear one", () => {
    expect(checkDocumentData(fields, { invoiceNumber: "INV-1", total: 12.5, issued: "2024-03-15", paid: false, kind: "invoice", items: [{ sku: "A", qty: 2 }] })).toEqual([]);
    expect(checkDocumentData(fields, { total: null, items: null })).toEqual([]);
  });

  it("names each wrong value by its path", () => {
    const problems = checkDocumentData(fields, { total: "12,50", issued: "15/03/2024", kind: "quote", items: [{ sku: "A", qty: "two" }, "row"], nope: 1 });
    expect(problems.map((problem) => problem.path).sort()).toEqual(["issued", "items.0.qty", "items.1", "kind", "nope", "total"]);
    expect(problems.find((problem) => problem.path === "nope")!.message).toContain("not a field");
  });

  it("refuses impossible dates and unknown columns", () => {
    expect(checkDocumentData(fields, { issued: "2024-02-30" })).toEqual([{ path: "issued", message: "Expected a date as yyyy-mm-dd" }]);
    expect(checkDocumentData(fields, { issued: "2024-02-29" })).toEqual([]);
    expect(checkDocumentData(fields, { items: [{ colour: "red" }] })[0]!.path).toBe("items.0.colour");
  });
});
