import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import type { Tree } from "../scorer/model";
import { COLUMN_CONCEPTS_TYPED, COLUMN_FEATURE_NAMES, type ColumnConceptKey } from "./column-features";
import { observeTableColumns, withColumnModelAsync, type ColumnModel, type ObservedColumns } from "./column-model";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

const FIELDS = lineItemsFields("item_code", "description", "quantity", "unit_price", "amount");

/** A generated table: a first column under a heading no label knows, holding codes, then the usual columns. */
function table(heading: string, rows: number): PrintedLine[] {
  const lines: PrintedLine[] = [{ y: 700, cells: [[heading, 50], ["Description", 120], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] }];
  for (let i = 0; i < rows; i += 1) {
    const qty = i + 2;
    const price = 3 + i * 1.5;
    lines.push({ y: 680 - i * 15, cells: [[`QX-${100 + i * 7}`, 50], [`Article number ${i + 1}`, 120], [String(qty), 335], [price.toFixed(2), 395], [(qty * price).toFixed(2), 490]] });
  }
  return lines;
}

const at = (name: (typeof COLUMN_FEATURE_NAMES)[number]) => COLUMN_FEATURE_NAMES.indexOf(name);
const leaf = (value: number): Tree => ({ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [value] });
const stump = (feature: number, ifSet: number): Tree => ({ feature: [feature, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -ifSet, ifSet] });

/** A model sure that a column mostly of codes holds item codes, and unsure of everything else. */
function codesAreItemCodes(sureness: number): ColumnModel {
  const concepts = Object.fromEntries(COLUMN_CONCEPTS_TYPED.map((c) => [c, { base: 0, learningRate: 1, trees: [leaf(-sureness)] }])) as Record<ColumnConceptKey, ColumnModel["concepts"][ColumnConceptKey]>;
  concepts.item_code = { base: 0, learningRate: 1, trees: [stump(at("code_share"), sureness)] };
  return { version: 1, trainedOn: "test", features: [...COLUMN_FEATURE_NAMES], concepts, report: {} };
}

describe("the column typer", () => {
  it("reports each column of a header-led table with what its cells hold", async () => {
    const seen: ObservedColumns[] = [];
    await observeTableColumns((t) => seen.push(t), async () => extractDocument({ bytes: await printedPdf([table("Xyzzy", 4)]), mimeType: "application/pdf", fields: FIELDS }));
    expect(seen).toHaveLength(1);
    const [unknown, description, qty, price, amount] = seen[0]!.columns;
    expect(seen[0]!.columns.map((c) => c.key)).toEqual(["", "description", "quantity", "unit_price", "amount"]);
    expect(unknown!.features[at("header_other")]).toBe(1);
    expect(unknown!.features[at("code_share")]).toBe(1);
    expect(description!.features[at("text_share")]).toBe(1);
    expect(qty!.features[at("integer_share")]).toBe(1);
    expect(price!.features[at("money_share")]).toBe(1);
    // Quantity × price = amount on every line: the amount is the product, the other two its factors.
    expect(amount!.features[at("product_of_others")]).toBe(1);
    expect(qty!.features[at("factor_of_product")]).toBe(1);
    expect(price!.features[at("factor_of_product")]).toBe(1);
    expect(unknown!.features[at("is_first")]).toBe(1);
    expect(amount!.features[at("is_last")]).toBe(1);
  });

  it("types a column the header named nothing when the model in force is sure, and only then", async () => {
    const bytes = await printedPdf([table("Xyzzy", 4)]);
    const run = () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    const rows = (r: Awaited<ReturnType<typeof run>>) => r.data.line_items as Array<Record<string, unknown>>;
    // Without a model the column of codes stays unread; the committed model (in force by default) reads it.
    expect(rows(await withColumnModelAsync(null, run))[0]).not.toHaveProperty("item_code");
    expect(rows(await run())[0]).toMatchObject({ item_code: "QX-100", description: "Article number 1" });
    expect(rows(await withColumnModelAsync(codesAreItemCodes(7), run))[0]).toMatchObject({ item_code: "QX-100", description: "Article number 1", quantity: 2 });
    // A model short of the certainty asked (0.97 by default) leaves the rules' typing as it is.
    expect(rows(await withColumnModelAsync(codesAreItemCodes(1), run))[0]).not.toHaveProperty("item_code");
  });

  it("leaves a column the header named alone", async () => {
    const bytes = await printedPdf([table("Xyzzy", 4)]);
    const run = () => extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    // A model that calls every column item codes: the named ones keep their header's concept (by default the model
    // never overrules a header's word), and only one column can hold a concept.
    const model = codesAreItemCodes(7);
    model.concepts.item_code = { base: 0, learningRate: 1, trees: [leaf(7)] };
    const first = (await withColumnModelAsync(model, run)).data.line_items as Array<Record<string, unknown>>;
    expect(first[0]).toMatchObject({ item_code: "QX-100", description: "Article number 1", quantity: 2, unit_price: 3, amount: 6 });
  });
});
