import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import type { Tree } from "../scorer/model";
import { ROW_FEATURE_NAMES } from "./row-features";
import { observeTableRows, ROW_ROLES, withRowModelAsync, type ObservedRow, type RowModel, type RowRole } from "./row-model";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

const FIELDS = lineItemsFields("description", "quantity", "unit_price", "amount");

type Line = PrintedLine;


const item = (y: number, description: string, qty: string, price: string, amount: string): Line => ({ y, cells: [[description, 50], [qty, 335], [price, 395], [amount, 490]] });

/** Items, a wrapped description, a section heading ("--- Non Food ---") and the totals. */
const TABLE: Line[] = [
  { y: 700, cells: [["Description", 50], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] },
  item(680, "Coffee beans, dark roast,", "2", "12.00", "24.00"),
  { y: 669, cells: [["1 kg bag", 50]] },
  { y: 650, cells: [["--- Non Food ---", 50]] },
  item(638, "Paper towels", "3", "4.00", "12.00"),
  { y: 610, cells: [["Total", 390], ["36.00", 490]] },
];

const at = (name: (typeof ROW_FEATURE_NAMES)[number]) => ROW_FEATURE_NAMES.indexOf(name);
const leaf = (value: number): Tree => ({ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [value] });
/** A stump on one 0/1 feature: `ifSet` log-odds when it is 1, -ifSet otherwise. */
const stump = (feature: number, ifSet: number): Tree => ({ feature: [feature, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -ifSet, ifSet] });

/** A model that calls every line without numbers "other" and every line with them an item. */
function textLinesAreOther(): RowModel {
  const roles = Object.fromEntries(ROW_ROLES.map((role) => [role, { base: 0, learningRate: 1, trees: [leaf(-5)] }])) as Record<RowRole, RowModel["roles"][RowRole]>;
  roles.item = { base: 0, learningRate: 1, trees: [stump(at("money_cell"), 5)] };
  roles.other = { base: 0, learningRate: 1, trees: [stump(at("money_cell"), -5)] };
  return { version: 1, trainedOn: "test", features: [...ROW_FEATURE_NAMES], roles, report: {} };
}

describe("the row classifier's lines", () => {
  it("reports every line read under the header with its features", async () => {
    const seen: ObservedRow[] = [];
    const bytes = await printedPdf([TABLE]);
    const result = await observeTableRows((r) => seen.push(r), () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS }));
    expect(seen.map((r) => r.text)).toEqual(["Coffee beans, dark roast, 2 12.00 24.00", "1 kg bag", "--- Non Food ---", "Paper towels 3 4.00 12.00", "Total 36.00"]);
    for (const r of seen) expect(r.features).toHaveLength(ROW_FEATURE_NAMES.length);
    const heading = seen[2]!.features;
    expect(heading[at("decoration")]).toBe(1);
    expect(heading[at("item_open")]).toBe(1);
    expect(heading[at("next_starts_item")]).toBe(1);
    expect(seen[4]!.features[at("totals_label")]).toBe(1);
    // Without a model in force the rules decide: the wrapped line joins its item, the heading none.
    expect(result.data.line_items).toEqual([
      { description: "Coffee beans, dark roast, 1 kg bag", quantity: 2, unit_price: 12, amount: 24 },
      { description: "Paper towels", quantity: 3, unit_price: 4, amount: 12 },
    ]);
  });

  it("reads each line against its own table: the columns it fills, its arithmetic, a sum of the rows above", async () => {
    // A subtotal the totals vocabulary does not know, printed with a description and an amount like an item.
    const table: Line[] = [
      { y: 700, cells: [["Description", 50], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] },
      item(680, "Coffee beans", "2", "12.00", "24.00"),
      item(665, "Paper towels", "3", "4.00", "12.00"),
      item(650, "Dish soap", "1", "3.50", "3.50"),
      { y: 635, cells: [["Kitchen supplies", 50], ["39.50", 490]] },
      item(620, "Printer paper", "5", "6.00", "30.00"),
      { y: 590, cells: [["Total", 390], ["69.50", 490]] },
    ];
    const seen: ObservedRow[] = [];
    const bytes = await printedPdf([table]);
    await observeTableRows((r) => seen.push(r), () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS }));
    const of = (text: string) => seen.find((r) => r.text.startsWith(text))!.features;
    for (const text of ["Coffee beans", "Paper towels", "Printer paper"]) {
      expect(of(text)[at("pattern_is_modal")]).toBe(1);
      expect(of(text)[at("arithmetic")]).toBe(1);
      expect(of(text)[at("amount_sums_above")]).toBe(0);
      expect(of(text)[at("height_vs_table")]).toBeCloseTo(1, 1);
    }
    const subtotal = of("Kitchen supplies");
    expect(subtotal[at("pattern_is_modal")]).toBe(0);
    expect(subtotal[at("pattern_missing")]).toBe(2);
    expect(subtotal[at("amount_sums_above")]).toBe(1);
    expect(of("Coffee beans")[at("candidates_before")]).toBe(0);
    expect(of("Printer paper")[at("candidates_after")]).toBe(0);
    expect(of("Printer paper")[at("table_candidates")]).toBe(4);
  });

  it("decides a text line's role when a model is in force", async () => {
    const bytes = await printedPdf([TABLE]);
    const result = await withRowModelAsync(textLinesAreOther(), () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS }));
    expect(result.data.line_items).toEqual([
      { description: "Coffee beans, dark roast,", quantity: 2, unit_price: 12, amount: 24 },
      { description: "Paper towels", quantity: 3, unit_price: 4, amount: 12 },
    ]);
  });

  it("leaves a line whose text spans the description and another column to the rules", async () => {
    // The model calls every text line other; the second line is a note in the code column beside the description's
    // next words, so the rules (judging the description column) keep those words.
    const table: Line[] = [
      { y: 700, cells: [["Code", 50], ["Description", 130], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] },
      { y: 680, cells: [["Solar roof tile and", 130], ["2", 335], ["12.00", 395], ["24.00", 490]] },
      { y: 669, cells: [["Art-Nr: X1", 50], ["mounting kit", 130]] },
      { y: 650, cells: [["Paper towels", 130], ["3", 335], ["4.00", 395], ["12.00", 490]] },
      { y: 620, cells: [["Total", 390], ["36.00", 490]] },
    ];
    const bytes = await printedPdf([table]);
    const fields = lineItemsFields("item_code", "description", "quantity", "unit_price", "amount");
    const result = await withRowModelAsync(textLinesAreOther(), () => extractDocument({ bytes, mimeType: "application/pdf", fields }));
    const items = result.data.line_items as Array<Record<string, unknown>>;
    expect(items.map((r) => r.description)).toEqual(["Solar roof tile and mounting kit", "Paper towels"]);
  });
  it("with the veto policy, refuses only a line it is sure is no item and whose arithmetic does not hold", async () => {
    // A model sure that every line with money is no item: the veto keeps the item whose quantity × price is its amount.
    const roles = Object.fromEntries(ROW_ROLES.map((role) => [role, { base: 0, learningRate: 1, trees: [leaf(-8)] }])) as Record<RowRole, RowModel["roles"][RowRole]>;
    roles.other = { base: 0, learningRate: 1, trees: [stump(at("money_cell"), 8)] };
    const model: RowModel = { version: 1, trainedOn: "test", features: [...ROW_FEATURE_NAMES], roles, report: {}, policy: "veto", vetoAt: 0.97 };
    const table: Line[] = [
      { y: 700, cells: [["Description", 50], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] },
      item(680, "Coffee beans", "2", "12.00", "24.00"),
      item(665, "Handling per order", "1", "5.00", "6.50"),
      item(650, "Paper towels", "3", "4.00", "12.00"),
      { y: 620, cells: [["Total", 390], ["42.50", 490]] },
    ];
    const bytes = await printedPdf([table]);
    const result = await withRowModelAsync(model, () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS }));
    expect((result.data.line_items as Array<Record<string, unknown>>).map((r) => r.description)).toEqual(["Coffee beans", "Paper towels"]);
    // Without a model the rules read all three.
    const rules = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect((rules.data.line_items as Array<Record<string, unknown>>).map((r) => r.description)).toEqual(["Coffee beans", "Handling per order", "Paper towels"]);
  });
});
