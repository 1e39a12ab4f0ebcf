import { describe, expect, it } from "vitest";
import { netChangedFields } from "./net-changes";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));

describe("net changes of a document's values", () => {
  it("does not count a value retyped to the same text", () => {
    expect(netChangedFields([{ before: { vendor: "ACME Ltd" }, after: { vendor: " ACME  Ltd " }, createdAt: at(1) }], { vendor: " ACME  Ltd " })).toEqual(new Set());
    expect(netChangedFields([{ before: { total: 30.9 }, after: { total: 30.9 }, createdAt: at(1) }], { total: 30.9 })).toEqual(new Set());
  });

  it("does not count a value changed and then put back", () => {
    const corrections = [
      { before: { total: 42 }, after: { total: 57.25 }, createdAt: at(1) },
      { before: { total: 57.25 }, after: { total: 42 }, createdAt: at(2) },
    ];
    expect(netChangedFields(corrections, { total: 42 })).toEqual(new Set());
  });

  it("counts a real correction once, against the value as extracted", () => {
    const corrections = [
      { before: { total: 42, vendor: "ACME" }, after: { total: 50, vendor: "ACME" }, createdAt: at(1) },
      { before: { total: 50 }, after: { total: 57.25 }, createdAt: at(2) },
    ];
    expect(netChangedFields(corrections, { total: 57.25, vendor: "ACME" })).toEqual(new Set(["total"]));
  });

  it("compares table rows without regard to key order or empty cells", () => {
    const before = { items: [{ sku: "A", qty: 2 }] };
    expect(netChangedFields([{ before, after: { items: [{ qty: 2, sku: "A", note: null }] }, createdAt: at(1) }], { items: [{ qty: 2, sku: "A", note: null }] })).toEqual(new Set());
    expect(netChangedFields([{ before, after: { items: [{ qty: 3, sku: "A" }] }, createdAt: at(1) }], { items: [{ qty: 3, sku: "A" }] })).toEqual(new Set(["items"]));
  });
});
