import { describe, expect, it } from "vitest";
import type { FieldDefinition, TableMetadata } from "../types";
import { applyTable } from "./apply-table";
import { learnTable } from "./learn-table";
import { layoutOf as printedLayout, type PrintedLine } from "./printed-layout";
import { readRowsAboveFooter } from "./read-table-rows";

const TABLE: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: [
    { name: "description", type: "text" },
    { name: "quantity", type: "number" },
    { name: "unit_price", type: "number" },
    { name: "amount", type: "number" },
  ],
};

/** The layouts here print words 0.011 of the page high. */
const layoutOf = (lines: PrintedLine[]) => printedLayout(lines, 0.011);

/** An insurer's premium letter: risks with their premium in one column, the total right under them. */
const TAUGHT = layoutOf([
  { text: "Folgende Risiken sind versichert:", x: 0.12, y: 0.5 },
  { text: "Privathaftpflicht", x: 0.12, y: 0.514 },
  { text: "50,00 €", x: 0.495, y: 0.514 },
  { text: "Hundehaftpflicht", x: 0.12, y: 0.528 },
  { text: "20,00 €", x: 0.495, y: 0.528 },
  { text: "Gesamtbeitrag", x: 0.12, y: 0.542 },
  { text: "70,00 €", x: 0.495, y: 0.542 },
]);
const TAUGHT_ROWS = [
  { description: "Privathaftpflicht", quantity: 1, unit_price: 50, amount: 50 },
  { description: "Hundehaftpflicht", quantity: 1, unit_price: 20, amount: 20 },
];

/** The next letter of the sender: another risk, its premium further right, details under it, a blank line above. */
const LATER = layoutOf([
  { text: "Vereinbarter Versicherungsschutz:", x: 0.12, y: 0.48 },
  { text: "Verbundene Wohngebäudeversicherung", x: 0.12, y: 0.508 },
  { text: "1.000,00 €", x: 0.71, y: 0.508 },
  { text: "- Feuerversicherung Teil A 62.000", x: 0.12, y: 0.522 },
  { text: "- Sturmversicherung Teil A 62.000", x: 0.12, y: 0.536 },
  { text: "Gesamtbeitrag", x: 0.12, y: 0.55 },
  { text: "1.000,00 €", x: 0.71, y: 0.55 },
]);

describe("a taught table's closing line", () => {
  it("is learnt from the line right under the last row, with its figure's right edge", () => {
    const taught = learnTable(TAUGHT, TABLE, TAUGHT_ROWS);
    expect(taught?.footer).toEqual({ words: ["gesamtbeitrag"], figureRight: expect.closeTo(0.535, 3) });
    // The unit price is the amount printed once: both columns share its band; the unprinted quantity has none.
    expect(taught?.columns.find((column) => column.name === "unit_price")?.x0).toBe(taught?.columns.find((column) => column.name === "amount")?.x0);
    expect(taught?.constants).toEqual({ quantity: 1 });
    expect(taught?.columns.map((column) => column.name)).not.toContain("quantity");
  });

  it("reads the rows above it where the engine found none, the figure column moved with the footer's figure", () => {
    const taught = learnTable(TAUGHT, TABLE, TAUGHT_ROWS)!;
    const read = readRowsAboveFooter(LATER, taught);
    expect(read?.rows).toEqual([{ description: "Verbundene Wohngebäudeversicherung", unit_price: 1000, amount: 1000 }]);
    expect(read?.cells[0]?.amount?.source).toMatchObject({ page: 1, x: 0.71 });
  });

  it("fills the reviewer's constants into those rows through applyTable", () => {
    const taught = learnTable(TAUGHT, TABLE, TAUGHT_ROWS)!;
    const empty: TableMetadata = { confidence: 0, source: null, rows: [] };
    const outcome = applyTable(LATER, TABLE, taught, [], empty);
    expect(outcome?.rows).toEqual([{ quantity: 1, description: "Verbundene Wohngebäudeversicherung", unit_price: 1000, amount: 1000 }]);
    expect(outcome?.metadata.rows[0]?.quantity).toEqual({ confidence: 0.6, source: null });
  });

  it("reads nothing when the closing line is not printed", () => {
    const taught = learnTable(TAUGHT, TABLE, TAUGHT_ROWS)!;
    const without = { pages: [{ n: 1, words: LATER.pages[0]!.words.filter((word) => word.t !== "Gesamtbeitrag") }] };
    expect(readRowsAboveFooter(without, taught)).toBeNull();
    expect(applyTable(without, TABLE, taught, [], { confidence: 0, source: null, rows: [] })).toBeNull();
  });

  it("stops at a blank line: a figure line above it is not a row", () => {
    const taught = learnTable(TAUGHT, TABLE, TAUGHT_ROWS)!;
    const withFigureAbove = layoutOf([
      { text: "Beitrag Vorjahr", x: 0.12, y: 0.46 },
      { text: "900,00 €", x: 0.71, y: 0.46 },
      { text: "Verbundene Wohngebäudeversicherung", x: 0.12, y: 0.49 },
      { text: "1.000,00 €", x: 0.71, y: 0.49 },
      { text: "Gesamtbeitrag", x: 0.12, y: 0.504 },
      { text: "1.000,00 €", x: 0.71, y: 0.504 },
    ]);
    expect(readRowsAboveFooter(withFigureAbove, taught)?.rows.map((row) => row.description)).toEqual(["Verbundene Wohngebäudeversicherung"]);
  });
});
