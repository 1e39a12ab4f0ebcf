import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import type { TableRow } from "../types";
import { lineItemsFields, printedPdf, type PrintedCell, type PrintedLine } from "./test-pdf";

async function lineItems(lines: PrintedLine[], ...columns: string[]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: lineItemsFields(...columns) });
  return result.data.line_items as TableRow[] | undefined;
}

/** A word printed letter by letter, each letter `tracking` points after the one before (9-point Helvetica, as printed). */
async function letterSpaced(word: string, x: number, tracking: number): Promise<PrintedCell[]> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const cells: PrintedCell[] = [];
  let at = x;
  for (const ch of word) {
    cells.push([ch, at]);
    at += font.widthOfTextAtSize(ch, 9) + tracking;
  }
  return cells;
}

describe("line items of a fourth set of layouts", () => {
  it("reads a heading whose text layer gives each letter of a letter-spaced word apart ('D e s c r i p t i o n')", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Code", 40], ["Qty", 90], ...(await letterSpaced("Description", 150, 3)), ["Price", 400], ["Total", 490]] },
        { y: 680, cells: [["A-100", 40], ["3", 95], ["Hex bolts M8 zinc plated", 140], ["2.50", 405], ["7.50", 495]] },
        { y: 664, cells: [["A-200", 40], ["10", 92], ["Washers 8 mm", 140], ["0.20", 405], ["2.00", 495]] },
        { y: 630, cells: [["Total", 400], ["9.50", 495]] },
      ],
      "item_code", "quantity", "description", "unit_price", "amount",
    );
    expect(items).toEqual([
      { item_code: "A-100", quantity: 3, description: "Hex bolts M8 zinc plated", unit_price: 2.5, amount: 7.5 },
      { item_code: "A-200", quantity: 10, description: "Washers 8 mm", unit_price: 0.2, amount: 2 },
    ]);
  });

  it("keeps single letters that spell no column's label as printed", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Description", 40], ...(await letterSpaced("XYZW", 200, 3)), ["Qty", 320], ["Price", 400], ["Total", 490]] },
        { y: 680, cells: [["Hex bolts", 40], ["3", 325], ["2.50", 405], ["7.50", 495]] },
      ],
      "description", "quantity", "unit_price", "amount",
    );
    expect(items).toEqual([{ description: "Hex bolts", quantity: 3, unit_price: 2.5, amount: 7.5 }]);
  });

  it("reads the items' names under a first heading of amount words beside the amount column ('Angefallene Kosten' | 'Betrag')", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Angefallene Kosten", 40], ["Betrag", 380], ["MwSt %", 450], ["MwSt", 510]] },
        { y: 680, cells: [["Provision", 40], ["€1.250,00", 370], ["19%", 455], ["€237,50", 505]] },
        { y: 664, cells: [["Korrektur Provision", 40], ["€-20,00", 378], ["19%", 455], ["€-3,80", 510]] },
        { y: 648, cells: [["Lagerkosten", 40], ["€310,40", 376], ["19%", 455], ["€58,98", 508]] },
        { y: 620, cells: [["Zwischensumme", 40], ["€1.540,40", 370], ["€292,68", 505]] },
      ],
      "description", "amount", "tax_rate",
    );
    expect(items).toEqual([
      { description: "Provision", amount: 1250, tax_rate: 19 },
      { description: "Korrektur Provision", amount: -20, tax_rate: 19 },
      { description: "Lagerkosten", amount: 310.4, tax_rate: 19 },
    ]);
  });

  it("reads amounts glued to a one-letter currency ('Q30.5')", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Artículo", 40], ["Cant.", 250], ["Precio", 290], ["Sub-Total", 370]] },
        { y: 680, cells: [["Camisa azul", 40], ["3", 260], ["Q30.5", 290], ["Q91.5", 370]] },
        { y: 664, cells: [["Pantalón", 40], ["2", 260], ["Q5.5", 290], ["Q11", 370]] },
        { y: 640, cells: [["Total: Q102.5", 250]] },
      ],
      "description", "quantity", "unit_price", "amount",
    );
    expect(items).toEqual([
      { description: "Camisa azul", quantity: 3, unit_price: 30.5, amount: 91.5 },
      { description: "Pantalón", quantity: 2, unit_price: 5.5, amount: 11 },
    ]);
  });

  it("keeps a quantity's unit beside it and gives the words after it to a description centred over a wide column", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Código", 40], ["Cantidad", 90], ["Descripción", 230], ["Precio", 420], ["Total", 500]] },
        { y: 680, cells: [["00012", 40], ["3 unid Papel carta", 110], ["blanco 500 hojas", 184], ["2.000", 425], ["6.000", 505]] },
        { y: 664, cells: [["00015", 40], ["5 unid Tinta negra", 110], ["para impresora", 184], ["3.500", 425], ["17.500", 500]] },
      ],
      "item_code", "quantity", "unit", "description", "unit_price", "amount",
    );
    expect(items).toEqual([
      { item_code: "00012", quantity: 3, unit: "unid", description: "Papel carta blanco 500 hojas", unit_price: 2000, amount: 6000 },
      { item_code: "00015", quantity: 5, unit: "unid", description: "Tinta negra para impresora", unit_price: 3500, amount: 17500 },
    ]);
  });

  it("keeps words printed a word space after a quantity with no unit in the quantity column's text as before", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Qty", 40], ["Description", 120], ["Price", 420], ["Total", 500]] },
        { y: 680, cells: [["40 h", 40], ["Consulting", 120], ["50.00", 420], ["2000.00", 500]] },
      ],
      "quantity", "unit", "description", "unit_price", "amount",
    );
    expect(items).toEqual([{ quantity: 40, unit: "h", description: "Consulting", unit_price: 50, amount: 2000 }]);
  });

  it("reads the tax rate from the column whose heading says rate, not from an earlier column named by the tax alone", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Description", 40], ["Qty", 220], ["Net price", 270], ["VAT amount", 340], ["VAT %", 420], ["Gross", 490]] },
        { y: 680, cells: [["Training session", 40], ["1", 225], ["570.00", 275], ["131.10", 345], ["23", 425], ["701.10", 490]] },
        { y: 664, cells: [["Course book", 40], ["2", 225], ["50.00", 275], ["8.00", 350], ["8", 425], ["108.00", 490]] },
      ],
      "description", "quantity", "unit_price", "tax_rate", "amount",
    );
    expect(items?.map((r) => r.tax_rate)).toEqual([23, 8]);
  });

  it("keeps the first of two tax columns that both say rate ('Alícuota IVA' before '%Base IVA')", async () => {
    const items = await lineItems(
      [
        { y: 700, cells: [["Cantidad", 40], ["Descripción", 100], ["Precio unitario", 260], ["Alícuota IVA", 350], ["%Base IVA", 420], ["Precio neto", 490]] },
        { y: 680, cells: [["2", 45], ["Flete Rosario", 100], ["100.00", 265], ["21", 360], ["100", 430], ["200.00", 490]] },
        { y: 664, cells: [["1", 45], ["Seguro de carga", 100], ["50.00", 270], ["10.5", 360], ["100", 430], ["50.00", 495]] },
      ],
      "description", "quantity", "unit_price", "tax_rate", "amount",
    );
    expect(items?.map((r) => r.tax_rate)).toEqual([21, 10.5]);
  });
});
