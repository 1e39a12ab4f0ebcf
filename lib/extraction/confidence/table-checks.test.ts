import { describe, expect, it } from "vitest";
import type { FieldDefinition, TableMetadata, TableRow, ValueEvidence } from "../types";
import { CELL_CEILING, fillTableEvidence, rowArithmetic, tableCellCeiling } from "./table-evidence";

const NAMES = { quantity: "quantity", unit_price: "unit_price", amount: "amount", discount_percent: "discount_percent" };
const ITEMS: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: [
    { name: "description", type: "text" },
    { name: "quantity", type: "number" },
    { name: "unit_price", type: "number" },
    { name: "amount", type: "number" },
  ],
};
const cell = (raw: string) => ({ confidence: 0.75, source: null, raw, evidence: { strategy: "table-header", score: 0.75 } });
const evidence = (e: Partial<ValueEvidence>): ValueEvidence => ({ strategy: "table-header", kind: "cell-number", ...e });

describe("checks of a line-item row", () => {
  it("confirms quantity × price = amount with discounts and prices per 100 units, and contradicts a mismatch", () => {
    expect(rowArithmetic({ quantity: 3, unit_price: 2.5, amount: 7.5 }, NAMES)).toBe(1);
    expect(rowArithmetic({ quantity: 1, unit_price: 1, discount_percent: 10, amount: 0.9 }, NAMES)).toBe(1);
    expect(rowArithmetic({ quantity: 200, unit_price: 4.5, amount: 9 }, NAMES)).toBe(1);
    expect(rowArithmetic({ quantity: 0, unit_price: 42, amount: 42 }, NAMES)).toBe(-1);
    expect(rowArithmetic({ quantity: 3, amount: 7.5 }, NAMES)).toBe(0);
  });

  it("caps each cell by its checks: failing rows amber or red, unchecked cells below certain, confirmed cells free", () => {
    expect(tableCellCeiling(evidence({ arithmetic: -1 }))).toBe(CELL_CEILING.rowContradicted);
    expect(tableCellCeiling(evidence({ arithmetic: -1, kind: "cell-text" }))).toBeLessThan(0.9);
    expect(tableCellCeiling(evidence({ arithmetic: 1, rowComplete: false }))).toBe(CELL_CEILING.rowIncomplete);
    expect(tableCellCeiling(evidence({ arithmetic: 0, tableSum: -1 }))).toBeLessThan(0.9);
    expect(tableCellCeiling(evidence({ arithmetic: 1, tableSum: -1 }))).toBeLessThan(0.995);
    expect(tableCellCeiling(evidence({ arithmetic: 0, tableSum: 0 }))).toBeLessThan(0.995);
    expect(tableCellCeiling(evidence({ arithmetic: 1, tableSum: 0 }))).toBe(1);
    expect(tableCellCeiling(evidence({ arithmetic: 0, tableSum: 1 }))).toBe(1);
  });

  it("marks the table's sum against the document's subtotal and a row without an amount as incomplete", () => {
    const rows: TableRow[] = [
      { description: "Beeswax", quantity: 1, unit_price: 42, amount: 42 },
      { description: "Office chair", quantity: 1, unit_price: 70, amount: 70 },
      { description: "--- Food ---", quantity: 0 },
    ];
    const meta: TableMetadata = {
      confidence: 0.75,
      source: null,
      rows: [
        { description: cell("Beeswax"), quantity: cell("1"), unit_price: cell("42.00"), amount: cell("42.00") },
        { description: cell("Office chair"), quantity: cell("1"), unit_price: cell("70.00"), amount: cell("70.00") },
        { description: cell("--- Food ---"), quantity: cell("0") },
      ],
    };
    fillTableEvidence(ITEMS, rows, meta, [150, 15]);
    expect(meta.rows[0]!.amount!.evidence).toMatchObject({ arithmetic: 1, tableSum: 0, rowComplete: true });
    expect(meta.rows[2]!.quantity!.evidence).toMatchObject({ rowComplete: false });
    const complete = { ...meta, rows: meta.rows.slice(0, 2) };
    fillTableEvidence(ITEMS, rows.slice(0, 2), complete, [150, 15]);
    expect(complete.rows[0]!.amount!.evidence).toMatchObject({ tableSum: -1 });
    fillTableEvidence(ITEMS, rows.slice(0, 2), complete, [112, 15]);
    expect(complete.rows[0]!.amount!.evidence).toMatchObject({ tableSum: 1 });
  });
});
