import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { buildPage } from "../layout/build-page";
import { line } from "./test-pages";
import { labelledValues } from "./label-value-rows";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

const FIELDS = lineItemsFields("item_code", "description", "quantity", "unit_price", "amount");

type Line = PrintedLine;


const HEAD: Line[] = [
  { y: 800, cells: [["ACME Ltd", 50], ["INVOICE", 400]] },
  { y: 780, cells: [["Invoice No: 123", 50]] },
  { y: 765, cells: [["Date: 2024-03-01", 50]] },
];
const TOTALS = (y: number): Line[] => [
  { y, cells: [["Subtotal:", 380], ["$390.00", 490]] },
  { y: y - 14, cells: [["Tax:", 380], ["$0.00", 490]] },
  { y: y - 28, cells: [["Total:", 380], ["$390.00", 490]] },
];
const ITEMS = [
  { description: "Consulting services", quantity: 10, unit_price: 22, amount: 220 },
  { description: "Printer paper A4", quantity: 2, unit_price: 85, amount: 170 },
];

async function itemsOf(lines: Line[]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS });
  return result.data.line_items;
}

describe("items printed as labelled values", () => {
  it("reads the description before the labels on the same line", async () => {
    expect(
      await itemsOf([
        ...HEAD,
        { y: 700, cells: [["Consulting services", 50], ["Qty: 10", 220], ["Unit Price: $22.00", 300], ["Amount: $220.00", 440]] },
        { y: 684, cells: [["Printer paper A4", 50], ["Qty: 2", 220], ["Unit Price: $85.00", 300], ["Amount: $170.00", 440]] },
        ...TOTALS(640),
      ]),
    ).toEqual(ITEMS);
  });

  it("reads the description on the line above the values, plain or labelled, with a labelled code", async () => {
    expect(
      await itemsOf([
        ...HEAD,
        { y: 700, cells: [["Consulting services", 50]] },
        { y: 688, cells: [["Qty: 10", 50], ["Unit Price: $22.00", 150], ["Amount: $220.00", 300]] },
        { y: 666, cells: [["Printer paper A4", 50]] },
        { y: 654, cells: [["Qty: 2", 50], ["Unit Price: $85.00", 150], ["Amount: $170.00", 300]] },
        ...TOTALS(620),
      ]),
    ).toEqual(ITEMS);
    expect(
      await itemsOf([
        ...HEAD,
        { y: 700, cells: [["SKU: CS-10", 50], ["Item: Consulting services", 200]] },
        { y: 688, cells: [["Qty: 10  Unit Price: $22.00  Amount: $220.00", 50]] },
        { y: 666, cells: [["SKU: PP-A4", 50], ["Item: Printer paper A4", 200]] },
        { y: 654, cells: [["Qty: 2  Unit Price: $85.00  Amount: $170.00", 50]] },
        ...TOTALS(620),
      ]),
    ).toEqual([
      { item_code: "CS-10", ...ITEMS[0] },
      { item_code: "PP-A4", ...ITEMS[1] },
    ]);
  });

  it("reads no items from a totals block or a lone labelled quantity in running text", async () => {
    expect(
      await itemsOf([
        ...HEAD,
        { y: 700, cells: [["Subtotal: $390.00  Tax: $0.00  Total: $390.00", 50]] },
        { y: 680, cells: [["Please note: Qty: 1 Price: $5.00 applies to reorders", 50]] },
      ]),
    ).toEqual([]);
  });

  it("splits a line into labels and their values", () => {
    const page = buildPage(1, 595, 842, "text-layer", line(100, ["Desk lamp", 50], ["Qty: 3", 200], ["Unit Price: 9.50", 260], ["Line total: 28.50", 380]));
    const words = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    const parsed = labelledValues(words);
    expect(parsed.lead.map((w) => w.text).join(" ")).toBe("Desk lamp");
    expect(parsed.pairs.map((p) => [p.key, p.value.map((w) => w.text).join(" ")])).toEqual([
      ["quantity", "3"],
      ["unit_price", "9.50"],
      ["amount", "28.50"],
    ]);
  });
});
