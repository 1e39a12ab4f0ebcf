import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition, type TableMetadata } from "../index";
import { unitFromQuantity } from "./extract-table";
import { isCarryLine, sectionHeading } from "./row-rules";
import { lineItemsFields, printedPdf } from "./test-pdf";

const FIELDS: FieldDefinition[] = [
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "item_code", type: "text" },
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "unit_price", type: "number" },
      { name: "amount", type: "number" },
    ],
  },
];

type Cell = [text: string, x: number];
type PageRows = Array<{ y: number; cells: Cell[] }>;

async function pdf(pages: PageRows[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const rows of pages) {
    const p = doc.addPage([595, 842]);
    for (const row of rows) for (const [text, x] of row.cells) p.drawText(text, { x, y: row.y, size: 9, font });
  }
  return doc.save();
}

const item = (y: number, code: string, description: string, qty: string, price: string, amount: string) => ({
  y,
  cells: [[code, 50], [description, 120], [qty, 330], [price, 400], [amount, 490]] as Cell[],
});

describe("row boundaries of line-item tables", () => {
  it("keeps a section heading out of the items and joins a wrapped description to its item", async () => {
    const bytes = await pdf([
      [
        { y: 700, cells: [["Code", 50], ["Description", 120], ["Qty", 330], ["Price", 400], ["Amount", 490]] },
        item(680, "A-1", "Toner cartridge, with two-year", "2", "10.00", "20.00"),
        { y: 670, cells: [["warranty", 120]] },
        { y: 654, cells: [["Licences", 120]] },
        item(643, "B-2", "Office licence", "1", "99.00", "99.00"),
        { y: 610, cells: [["Total", 400], ["119.00", 490]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual([
      { item_code: "A-1", description: "Toner cartridge, with two-year warranty", quantity: 2, unit_price: 10, amount: 20 },
      { item_code: "B-2", description: "Office licence", quantity: 1, unit_price: 99, amount: 99 },
    ]);
  });

  it("joins a period printed under each item of a table set line under line, its gaps a point apart", async () => {
    // The period line stands a point further from its item than from the next: rounding, not a heading's gap.
    const bytes = await pdf([
      [
        { y: 700, cells: [["Code", 50], ["Description", 120], ["Qty", 330], ["Price", 400], ["Amount", 490]] },
        item(688, "W-1", "Web hosting", "1", "24.59", "24.59"),
        { y: 677, cells: [["17.01.2008-17.01.2009", 120]] },
        item(667, "D-2", "Domain registration", "1", "10.90", "10.90"),
        { y: 656, cells: [["17.01.2008-17.01.2009", 120]] },
        item(646, "W-3", "Web hosting", "1", "24.59", "24.59"),
        { y: 635, cells: [["17.01.2008-17.01.2009", 120]] },
        { y: 620, cells: [["Total", 400], ["60.08", 490]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect((result.data.line_items as Array<{ description: string }>).map((r) => r.description)).toEqual([
      "Web hosting 17.01.2008-17.01.2009",
      "Domain registration 17.01.2008-17.01.2009",
      "Web hosting 17.01.2008-17.01.2009",
    ]);
  });

  it("reads a table continued on a page without a header in the first page's columns, past its carried-forward lines", async () => {
    // Price before quantity: a reading without the first page's header would swap them.
    const header = { y: 700, cells: [["Code", 50], ["Description", 120], ["Price", 330], ["Qty", 400], ["Amount", 490]] as Cell[] };
    const bytes = await pdf([
      [header, item(680, "A-1", "Cable ties", "3.50", "4", "14.00"), item(668, "A-2", "Desk lamp", "20.00", "1", "20.00"), { y: 640, cells: [["Carried forward", 50], ["34.00", 490]] }],
      [
        { y: 790, cells: [["Brought forward", 50], ["34.00", 490]] },
        item(770, "A-3", "Hex bolt M8", "0.60", "10", "6.00"),
        item(758, "A-4", "Label roll", "5.00", "2", "10.00"),
        { y: 730, cells: [["Subtotal", 400], ["50.00", 490]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual([
      { item_code: "A-1", description: "Cable ties", unit_price: 3.5, quantity: 4, amount: 14 },
      { item_code: "A-2", description: "Desk lamp", unit_price: 20, quantity: 1, amount: 20 },
      { item_code: "A-3", description: "Hex bolt M8", unit_price: 0.6, quantity: 10, amount: 6 },
      { item_code: "A-4", description: "Label roll", unit_price: 5, quantity: 2, amount: 10 },
    ]);
  });

  it("flags a row whose quantity × price is not its amount instead of showing it as certain", async () => {
    const bytes = await pdf([
      [
        { y: 700, cells: [["Code", 50], ["Description", 120], ["Qty", 330], ["Price", 400], ["Amount", 490]] },
        item(680, "A-1", "Cable ties", "4", "3.50", "14.00"),
        item(668, "A-2", "Desk lamp", "3", "20.00", "20.00"),
        { y: 640, cells: [["Subtotal", 400], ["34.00", 490]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    const meta = result.fieldMetadata.line_items as TableMetadata;
    expect(meta.rows[1]!.quantity!.confidence).toBeLessThan(0.9);
    expect(meta.rows[1]!.amount!.confidence).toBeLessThan(0.9);
    expect(meta.rows[0]!.amount!.confidence).toBeGreaterThan(meta.rows[1]!.amount!.confidence);
  });
});

describe("row rules for running totals and headings", () => {
  it("knows carried-forward lines in the invoice languages, not items or wrapped text that share their words", () => {
    for (const text of ["Carried forward 1,234.50", "Balance b/f 99.00", "Übertrag 1.234,50", "À reporter 10,00", "Riporto 5,00", "Suma y sigue 3,00", "Over te brengen 42,00"]) {
      expect(isCarryLine(text, 1)).toBe(true);
    }
    expect(isCarryLine("Transport 2 50.00 100.00", 3)).toBe(false);
    expect(isCarryLine("attached report", 0)).toBe(false);
    expect(isCarryLine("Office chair 70.00", 1)).toBe(false);
  });

  it("tells a heading (nearer the next item) from a wrapped line (nearer its own item)", () => {
    const lineHeight = 0.012;
    expect(sectionHeading({ gapAbove: 0.009, gapBelow: 0.005, nextStartsItem: true, lineHeight })).toBe(true);
    expect(sectionHeading({ gapAbove: 0.003, gapBelow: 0.006, nextStartsItem: true, lineHeight })).toBe(false);
    expect(sectionHeading({ gapAbove: 0.004, gapBelow: 0.004, nextStartsItem: true, lineHeight })).toBe(false);
    expect(sectionHeading({ gapAbove: 0.009, gapBelow: 0.005, nextStartsItem: false, lineHeight })).toBe(false);
  });

  it("calls no line a heading in a table printed line under line, whose gaps differ by rounding alone", () => {
    // "Titan-webhotelli 1,00 24,59" / "17.01.2008-17.01.2009" / the next item: a hundredth of a line above, none below.
    expect(sectionHeading({ gapAbove: 0.0012, gapBelow: -0.0001, nextStartsItem: true, lineHeight: 0.0095 })).toBe(false);
  });
});

describe("a unit printed in the quantity cell", () => {
  const fields = new Map([
    ["quantity", "quantity"],
    ["unit", "unit"],
  ]);
  it("becomes the unit when the table has no unit column, and only then", () => {
    const row = { quantity: 0.75 };
    const meta = { quantity: { confidence: 0.75, source: null, raw: "0,75 ore" } };
    unitFromQuantity(row, meta, fields);
    expect(row).toEqual({ quantity: 0.75, unit: "ore" });
    const withUnit = { quantity: 2, unit: "Stk" };
    unitFromQuantity(withUnit, { quantity: { confidence: 0.75, source: null, raw: "2 pcs" } }, fields);
    expect(withUnit.unit).toBe("Stk");
    const bare = { quantity: 3 };
    unitFromQuantity(bare, { quantity: { confidence: 0.75, source: null, raw: "3" } }, fields);
    expect(bare).toEqual({ quantity: 3 });
  });
});

describe("a sentence under an item that uses column words", () => {
  it("reads it as the item's description, not as a new header ending the table", async () => {
    const result = await extractDocument({
      bytes: await printedPdf([
        [
          { y: 700, cells: [["Product", 40], ["Quantity", 290], ["Price", 350], ["Tax Rate", 400], ["Subtotal", 480]] },
          { y: 682, cells: [["Product 1", 40], ["5.00", 300], ["$15.00", 350], ["20.000%", 400], ["$75.00", 485]] },
          { y: 670, cells: [["Description text for product 1.", 40]] },
          { y: 650, cells: [["Product 3", 40], ["3.00", 300], ["$20.00", 350], ["$60.00", 485]] },
          // "no" reads as a position heading and "tax rate" as the rate's: the words stand within the description column.
          { y: 638, cells: [["This product has no tax rate.", 40]] },
          { y: 618, cells: [["Another product", 40], ["1.00", 300], ["$5.00", 350], ["20.000%", 400], ["$5.00", 485]] },
          { y: 590, cells: [["Subtotal", 400], ["$140.00", 480]] },
        ],
      ]),
      mimeType: "application/pdf",
      fields: lineItemsFields("position", "description", "quantity", "unit_price", "tax_rate", "amount"),
    });
    const items = result.data.line_items as Array<Record<string, unknown>>;
    expect(items.map((r) => r.description)).toEqual(["Product 1 Description text for product 1.", "Product 3 This product has no tax rate.", "Another product"]);
    expect(items[2]).toMatchObject({ quantity: 1, unit_price: 5, amount: 5 });
  });
});
