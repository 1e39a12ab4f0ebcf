import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { itemsBeforeRepeatedCopy } from "./repeated-copy";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

const invoicePage = (title: string): PrintedLine[] => [
  { y: 780, cells: [[`Invoice 2026/17 ${title}`, 50]] },
  { y: 700, cells: [["Description", 50], ["Qty", 300], ["Unit price", 360], ["Amount", 460]] },
  { y: 680, cells: [["Acrylic paint set", 50], ["2", 305], ["43.08", 365], ["86.16", 465]] },
  { y: 665, cells: [["Brush set", 50], ["1", 305], ["24.31", 365], ["24.31", 465]] },
  { y: 630, cells: [["Total", 360], ["110.47", 465]] },
];

describe("an invoice printed twice in one file", () => {
  it("reads the items of the original once, not again from the copy on the next page", async () => {
    const bytes = await printedPdf([invoicePage("ORIGINAL"), invoicePage("COPY")]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("description", "quantity", "unit_price", "amount") });
    expect(result.data.line_items).toEqual([
      { description: "Acrylic paint set", quantity: 2, unit_price: 43.08, amount: 86.16 },
      { description: "Brush set", quantity: 1, unit_price: 24.31, amount: 24.31 },
    ]);
  });

  it("reads the items once when the copy is printed on the same page under a header of its own", async () => {
    const lower = invoicePage("COPY").map((l) => ({ ...l, y: l.y - 380 }));
    const bytes = await printedPdf([[...invoicePage("ORIGINAL"), ...lower]]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("description", "quantity", "unit_price", "amount") });
    expect(result.data.line_items).toEqual([
      { description: "Acrylic paint set", quantity: 2, unit_price: 43.08, amount: 86.16 },
      { description: "Brush set", quantity: 1, unit_price: 24.31, amount: 24.31 },
    ]);
    const row = { description: "Paint", amount: 1 };
    // The same item twice in one table is two lines; in two tables of one page, a copy.
    expect(itemsBeforeRepeatedCopy([row, row], [1, 1], [1, 1])).toBe(2);
    expect(itemsBeforeRepeatedCopy([row, row], [1, 1], [1, 2])).toBe(1);
  });

  it("keeps items that repeat on one page or differ anywhere", () => {
    const row = { description: "Paint", amount: 1 };
    expect(itemsBeforeRepeatedCopy([row, row], [1, 1])).toBe(2);
    expect(itemsBeforeRepeatedCopy([row, { ...row, amount: 2 }], [1, 2])).toBe(2);
    expect(itemsBeforeRepeatedCopy([row, row, row], [1, 1, 2])).toBe(3);
    expect(itemsBeforeRepeatedCopy([row, row], [1, 2])).toBe(1);
  });
});
