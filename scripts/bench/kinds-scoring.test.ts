import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../lib/extraction";
import { specCellEqual, specValueEqual } from "./kinds-scoring";
import { alignRows, equal } from "./score";

const transactions: FieldDefinition = {
  name: "transactions",
  type: "table",
  columns: [
    { name: "date", type: "date" },
    { name: "description", type: "text" },
    { name: "amount", type: "currency" },
    { name: "balance", type: "currency" },
  ],
};

describe("specValueEqual", () => {
  it("compares by the field's type: ISO days, signed amounts, phone digits, text case aside", () => {
    expect(specValueEqual({ name: "d", type: "date" }, "2026-05-02", "2026-05-02")).toBe(true);
    expect(specValueEqual({ name: "d", type: "date" }, "2026-05-02", "02 May")).toBe(false);
    expect(specValueEqual({ name: "a", type: "currency" }, "-5.50", "-5.5")).toBe(true);
    expect(specValueEqual({ name: "a", type: "currency" }, "-5.50", "5.50")).toBe(false);
    expect(specValueEqual({ name: "p", type: "phone" }, "(123) 456-7890", "+1 123 456 7890")).toBe(true);
    expect(specValueEqual({ name: "t", type: "text" }, "Kowhai Bank NZ", "KOWHAI BANK NZ.")).toBe(true);
  });
});

describe("specCellEqual", () => {
  const same = specCellEqual(transactions, equal);

  it("compares a table cell by its column's declared type", () => {
    // "balance" is no invoice column: by name it would be compared as text and "4,125.67" would not equal 4125.67.
    expect(equal("balance", "4125.67", "4,125.67")).toBe(false);
    expect(same("balance", "4125.67", "4,125.67")).toBe(true);
    expect(same("date", "2024-01-05", "2024-01-05")).toBe(true);
    expect(same("date", "2024-01-05", "01/05/2024")).toBe(false);
    expect(same("amount", "-87.43", -87.43)).toBe(true);
    expect(same("description", "ATM WITHDRAWAL", "atm  withdrawal")).toBe(true);
  });

  it("falls back to the invoice rules for a column the spec does not declare", () => {
    expect(same("quantity", "2", "2.00")).toBe(true);
  });

  it("lets rows align on typed cells, so a statement row matches its predicted row", () => {
    const gt = [
      { date: "2024-01-05", description: "WALMART SUPERCENTER #4521", amount: "-87.43", balance: "4125.67" },
      { date: "2024-01-08", description: "DIRECT DEPOSIT - EMPLOYER", amount: "2845.00", balance: "6970.67" },
    ];
    const pred = [
      { date: "2024-01-08", description: "DIRECT DEPOSIT - EMPLOYER", amount: 2845, balance: "6,970.67" },
      { date: "2024-01-05", description: "WALMART SUPERCENTER #4521", amount: -87.43, balance: "4,125.67" },
    ];
    const { assignment, score } = alignRows(gt, pred, same);
    expect(assignment).toEqual([1, 0]);
    expect(score[0]?.[1]).toBeGreaterThanOrEqual(4);
  });
});
