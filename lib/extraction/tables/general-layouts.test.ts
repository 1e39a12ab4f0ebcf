import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { consistentUnitPrice, lineIsConsistent, unitPriceCandidates } from "./row-arithmetic";
import { splitBracketedCode } from "./row-rules";

const FIELDS: FieldDefinition[] = [
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "position", type: "number" },
      { name: "item_code", type: "text" },
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "unit_price", type: "number" },
      { name: "amount", type: "number" },
    ],
  },
];

type Cell = [text: string, x: number];

async function page(rows: Array<{ y: number; cells: Cell[] }>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const p = pdf.addPage([595, 842]);
  for (const row of rows) for (const [text, x] of row.cells) p.drawText(text, { x, y: row.y, size: 9, font });
  return pdf.save();
}

describe("line items of layouts the vocabulary only partly knows", () => {
  it("reads an item's first line above its numbers, a compound description header and an unlabelled price column", async () => {
    // "#", "Positionsbeschreibung" (a compound of a known label), "St.-Pr." (no label): the price column is typed by
    // quantity × price = total, quoted per 100 units on the second item.
    const bytes = await page([
      { y: 700, cells: [["#", 50], ["Positionsbeschreibung", 70], ["Artikelnummer", 250], ["Menge", 330], ["St.-Pr.", 390], ["Netto", 470]] },
      { y: 680, cells: [["BOLT-M10X1000", 75], ["0595810", 250]] },
      { y: 674, cells: [["1", 62], ["25,00", 335], ["2,06", 395], ["51,50", 475]] },
      { y: 668, cells: [["Threaded rod", 75], ["7711231873598", 250]] },
      { y: 650, cells: [["BAG-BLUE-700", 75], ["05899800555", 250]] },
      { y: 644, cells: [["2", 62], ["150,00", 330], ["49,29", 392], ["73,94", 475]] },
      { y: 638, cells: [["Waste bag", 75], ["7748539263943", 250]] },
      { y: 610, cells: [["Gesamtbetrag", 330], ["125,44", 475]] },
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual([
      { position: "1", description: "BOLT-M10X1000", item_code: "0595810", quantity: 25, unit_price: 2.06, amount: 51.5 },
      { position: "2", description: "BAG-BLUE-700", item_code: "05899800555", quantity: 150, unit_price: 49.29, amount: 73.94 },
    ]);
  });

  it("types a description-labelled column of running numbers as the position and takes the net price under a discount", async () => {
    const bytes = await page([
      { y: 700, cells: [["Item", 60], ["Product", 90], ["Quantity", 300], ["Unit Price", 380], ["Total Price", 480]] },
      { y: 680, cells: [["1", 62], ["GG-SCRW-A4-01 - High-Grade Screws", 90], ["5", 310], ["€20.00", 385], ["€90.00", 490]] },
      { y: 672, cells: [["- €2.00", 385]] },
      { y: 664, cells: [["= €18.00", 383]] },
      { y: 640, cells: [["2", 62], ["GG-BRKT-STD-05 - Mounting Brackets", 90], ["9", 310], ["€15.00", 385], ["€135.00", 488]] },
      { y: 610, cells: [["Net Total Amount", 90], ["€225.00", 488]] },
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual([
      { position: "1", item_code: "GG-SCRW-A4-01", description: "High-Grade Screws", quantity: 5, unit_price: 18, amount: 90 },
      { position: "2", item_code: "GG-BRKT-STD-05", description: "Mounting Brackets", quantity: 9, unit_price: 15, amount: 135 },
    ]);
  });
});

describe("row arithmetic", () => {
  it("accepts prices per unit and per hundred units, within rounding", () => {
    expect(lineIsConsistent(25, 2.06, 51.5)).toBe(true);
    expect(lineIsConsistent(150, 49.29, 73.94)).toBe(true);
    expect(lineIsConsistent(150, 49.29, 80)).toBe(false);
  });

  it("closes a space inside a printed price and prefers what the line total confirms", () => {
    const candidates = unitPriceCandidates({ priceText: "205, 90 €", priceBelow: [], unlabelled: [] }, ",");
    expect(consistentUnitPrice(6, 1235.4, candidates)).toBe(205.9);
    expect(consistentUnitPrice(6, 1000, candidates)).toBeNull();
  });

  it("splits a dashed article code from its description", () => {
    const row: Record<string, string> = { description: "APX-COMP-001A - Industrial Grade Fasteners" };
    splitBracketedCode(row, new Map([["description", "description"], ["item_code", "item_code"]]));
    expect(row).toEqual({ item_code: "APX-COMP-001A", description: "Industrial Grade Fasteners" });
  });
});
