import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { centredLeads, type ItemLine } from "./centred-items";
import { lineItemsFields, printedPdf } from "./test-pdf";

/** Lines 0.01 of the page high, from their tops; `n` an item's numbers, `t` text alone. */
const lines = (...spec: Array<[kind: "n" | "t", top: number]>): ItemLine[] =>
  spec.map(([kind, top]) => ({ top, bottom: top + 0.01, h: 0.01, kind: kind === "n" ? "numbers" : "text" }));

describe("items whose description is centred on their numbers", () => {
  it("gives an item the lines printed above its numbers, split from the item above at the widest gap", () => {
    // Item at line 1 (one line above, one below), item at line 6 (two above, two below), item at 10 (alone).
    const leads = centredLeads(lines(["t", 0.3], ["n", 0.312], ["t", 0.324], ["t", 0.345], ["t", 0.357], ["n", 0.369], ["t", 0.381], ["t", 0.393], ["n", 0.414]));
    expect(leads).toEqual(new Map([[0, 1], [3, 5], [4, 5]]));
  });

  it("leaves top-aligned descriptions, evenly spaced text and a heading over one-line items to the rules", () => {
    // Wrapped text under each item's numbers, the widest gap right before the next item.
    expect(centredLeads(lines(["n", 0.3], ["t", 0.312], ["t", 0.324], ["n", 0.345], ["t", 0.357], ["n", 0.378]))).toBeNull();
    // Evenly spaced lines: no clear break between two items' text.
    expect(centredLeads(lines(["t", 0.3], ["n", 0.312], ["t", 0.324], ["t", 0.336], ["n", 0.348], ["t", 0.36]))).toBeNull();
    // "Licences" over one-line items: the item's numbers are not in the middle of its text.
    expect(centredLeads(lines(["t", 0.3], ["n", 0.312], ["n", 0.324], ["t", 0.345], ["n", 0.357], ["n", 0.369]))).toBeNull();
  });

  it("reads a printed table whose descriptions are centred on their numbers, starting left of their header", async () => {
    const bytes = await printedPdf([
      [
        { y: 700, cells: [["Pos", 40], ["Description", 140], ["Qty", 330], ["Price", 400], ["Amount", 490]] },
        { y: 684, cells: [["Paint brushes, artist", 60]] },
        { y: 674, cells: [["1", 42], ["grade, set of 25", 60], ["1", 340], ["24.31", 400], ["24.31", 490]] },
        { y: 664, cells: [["synthetic hair", 60]] },
        { y: 648, cells: [["Canvas for painting", 60]] },
        { y: 638, cells: [["24x30 cm, cotton", 60]] },
        { y: 628, cells: [["2", 42], ["2", 340], ["1.52", 400], ["3.04", 490]] },
        { y: 618, cells: [["primed", 60]] },
        { y: 608, cells: [["white", 60]] },
        { y: 592, cells: [["3", 42], ["Shipping", 60], ["1", 340], ["8.90", 400], ["8.90", 490]] },
        { y: 570, cells: [["Total", 400], ["36.25", 490]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("position", "description", "quantity", "unit_price", "amount") });
    expect(result.data.line_items).toEqual([
      { position: "1", description: "Paint brushes, artist grade, set of 25 synthetic hair", quantity: 1, unit_price: 24.31, amount: 24.31 },
      { position: "2", description: "Canvas for painting 24x30 cm, cotton primed white", quantity: 2, unit_price: 1.52, amount: 3.04 },
      { position: "3", description: "Shipping", quantity: 1, unit_price: 8.9, amount: 8.9 },
    ]);
  });
});
