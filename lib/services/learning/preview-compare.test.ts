import { describe, expect, it } from "vitest";
import type { FieldInput } from "@/lib/contracts/fields";
import { compareDocument, same, type FieldTally } from "./preview-compare";

const FIELDS: FieldInput[] = [
  { name: "invoice_number", type: "text" },
  { name: "total", type: "number" },
  { name: "lines", type: "table", columns: [{ name: "description", type: "text" }, { name: "amount", type: "number" }] },
];

describe("compareDocument", () => {
  it("sorts each value into fixed, broken and still wrong against the approved value, and counts the rest as matching", () => {
    const tallies = new Map<string, FieldTally>();
    const result = compareDocument({
      fields: FIELDS,
      knownFields: new Set(["invoice_number", "total", "lines"]),
      approved: { invoice_number: "INV-1", total: 119, lines: [{ description: "Widget", amount: 100 }] },
      before: { invoice_number: "INV-l", total: 119, lines: [{ description: "Widget", amount: 10 }] },
      after: { invoice_number: "INV-1", total: 19, lines: [{ description: "Widget", amount: 10 }] },
      tallies,
    });
    expect(result.matching).toBe(1); // lines[0].description
    expect(result.values).toEqual([
      { path: "invoice_number", field: "invoice_number", approved: "INV-1", before: "INV-l", after: "INV-1", verdict: "fixed" },
      { path: "total", field: "total", approved: 119, before: 119, after: 19, verdict: "broken" },
      { path: "lines[0].amount", field: "lines", approved: 100, before: 10, after: 10, verdict: "still_wrong" },
    ]);
    expect(tallies.get("lines")).toEqual({ name: "lines", values: 2, rightBefore: 1, rightAfter: 1 });
    expect(tallies.get("invoice_number")).toEqual({ name: "invoice_number", values: 1, rightBefore: 0, rightAfter: 1 });
  });

  it("lists a field the parser did not have as new, without counting it against anything", () => {
    const tallies = new Map<string, FieldTally>();
    const result = compareDocument({
      fields: [{ name: "due_date", type: "date" }],
      knownFields: new Set(),
      approved: {},
      before: {},
      after: { due_date: "2026-01-31" },
      tallies,
    });
    expect(result.values).toEqual([{ path: "due_date", field: "due_date", approved: null, before: null, after: "2026-01-31", verdict: "new" }]);
    expect(tallies.get("due_date")!.values).toBe(0);
  });

  it("reads values as a reviewer does: cents, spacing, empty", () => {
    expect(same(10.001, 10)).toBe(true);
    expect(same("ACME  GmbH ", "ACME GmbH")).toBe(true);
    expect(same("", null)).toBe(true);
    expect(same("acme", "ACME")).toBe(false);
    expect(same(0, null)).toBe(false);
    // A text field's figure against the number a document stored before figures in text fields became text.
    expect(same("1234.50", 1234.5)).toBe(true);
    expect(same("0042", "42")).toBe(false);
  });
});
