import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import type { TableRow } from "../types";
import { lineItemsFields, printedPdf } from "./test-pdf";

const FIELDS = lineItemsFields("position", "description", "quantity", "unit_price", "tax_rate", "amount");

async function lineItems(lines: Parameters<typeof printedPdf>[0][number]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS });
  return result.data.line_items as TableRow[] | undefined;
}

describe("line items of a third set of layouts", () => {
  it("reads a line total headed by two words of one concept ('Summe netto') under both", async () => {
    const items = await lineItems([
      { y: 700, cells: [["Pos", 50], ["Artikel", 80], ["Anzahl", 320], ["Einzelpreis", 390], ["Summe netto", 480]] },
      { y: 680, cells: [["1", 55], ["Walnut bread 500g", 80], ["4", 340], ["2,86 €", 410], ["11,44 €", 515]] },
      { y: 664, cells: [["2", 55], ["Rye rolls", 80], ["18", 335], ["0,90 €", 410], ["16,20 €", 515]] },
      { y: 630, cells: [["Rechnungssumme netto", 80], ["27,64 €", 515]] },
    ]);
    expect(items).toEqual([
      { position: "1", description: "Walnut bread 500g", quantity: 4, unit_price: 2.86, amount: 11.44 },
      { position: "2", description: "Rye rolls", quantity: 18, unit_price: 0.9, amount: 16.2 },
    ]);
  });

  it("reads a tax rate printed in brackets as the rate, not a negative number", async () => {
    const items = await lineItems([
      { y: 700, cells: [["Description", 50], ["Qty", 300], ["Price", 360], ["VAT %", 430], ["Total", 500]] },
      { y: 680, cells: [["Monthly hosting", 50], ["2", 305], ["10.00", 360], ["(21.00)", 430], ["20.00", 500]] },
      { y: 664, cells: [["Domain renewal", 50], ["1", 305], ["15.00", 360], ["(21.00)", 430], ["15.00", 500]] },
    ]);
    expect(items?.map((r) => r.tax_rate)).toEqual([21, 21]);
  });

  it("gives a line of one unit its price as the amount when the table prints no amount column", async () => {
    const items = await lineItems([
      { y: 700, cells: [["QUANTITY", 50], ["ITEM NAME", 160], ["PRICE", 360]] },
      { y: 680, cells: [["1", 50], ["Screening", 160], ["1.00", 360]] },
      { y: 664, cells: [["2", 50], ["Dog pills", 160], ["2.20", 360]] },
      { y: 630, cells: [["Total: 5.40", 330]] },
    ]);
    expect(items).toEqual([
      { description: "Screening", quantity: 1, unit_price: 1, amount: 1 },
      { description: "Dog pills", quantity: 2, unit_price: 2.2 },
    ]);
  });

  it("knows the Polish 'Cena łączna' (printed without its accents here) as the line total", async () => {
    const items = await lineItems([
      { y: 700, cells: [["lp.", 50], ["Nazwa towaru", 80], ["Ilosc", 250], ["Cena", 310], ["Cena laczna", 370]] },
      { y: 680, cells: [["1", 50], ["Wiaderko", 80], ["10", 250], ["9,50 zl", 310], ["95,00 zl", 370]] },
      { y: 664, cells: [["2", 50], ["Lopatka", 80], ["10", 250], ["19,00 zl", 310], ["190,00 zl", 370]] },
    ]);
    expect(items?.map((r) => [r.unit_price, r.amount])).toEqual([[9.5, 95], [19, 190]]);
  });

  it("reads an amount column left of the quantity as the unit price when a total follows ('Importe | Cantidad | Total')", async () => {
    const items = await lineItems([
      { y: 700, cells: [["Descripcion", 60], ["Importe", 220], ["Cantidad", 300], ["Total", 420]] },
      { y: 680, cells: [["Producto 1", 60], ["3,20", 225], ["5", 320], ["16,00 €", 420]] },
      { y: 664, cells: [["Producto 2", 60], ["2,10", 225], ["3", 320], ["6,30 €", 420]] },
    ]);
    expect(items).toEqual([
      { description: "Producto 1", quantity: 5, unit_price: 3.2, amount: 16 },
      { description: "Producto 2", quantity: 3, unit_price: 2.1, amount: 6.3 },
    ]);
  });
  it("reads a narrow quantity that reaches into the unit's band ('1 psch' beside '4,00 Plätze') as the quantity", async () => {
    const fields = [{ name: "line_items", type: "table" as const, columns: [{ name: "description", type: "text" as const }, { name: "quantity", type: "number" as const }, { name: "unit", type: "text" as const }, { name: "unit_price", type: "number" as const }, { name: "amount", type: "number" as const }] }];
    const bytes = await printedPdf([
      [
        { y: 700, cells: [["Leistung", 50], ["Menge", 330], ["Einheit", 362], ["Einzelpreis", 420], ["Gesamtpreis", 500]] },
        { y: 680, cells: [["Anfahrt der Kolonne", 50], ["1", 360], ["psch", 370], ["95,00", 430], ["95,00", 510]] },
        { y: 664, cells: [["Instandsetzung Platz", 50], ["4,00", 348], ["Plätze", 370], ["535,00", 426], ["2.140,00", 502]] },
        { y: 648, cells: [["Folie", 50], ["2,00", 348], ["Stck", 370], ["17,50", 430], ["35,00", 510]] },
        { y: 620, cells: [["Summe netto", 420], ["2.270,00", 502]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields });
    expect(result.data.line_items).toEqual([
      { description: "Anfahrt der Kolonne", quantity: 1, unit: "psch", unit_price: 95, amount: 95 },
      { description: "Instandsetzung Platz", quantity: 4, unit: "Plätze", unit_price: 535, amount: 2140 },
      { description: "Folie", quantity: 2, unit: "Stck", unit_price: 17.5, amount: 35 },
    ]);
  });
  it("reads amounts printed after a one-letter currency ('N 4000.00') and positions set off their '#' column", async () => {
    const items = await lineItems([
      { y: 700, cells: [["#", 52], ["Item", 70], ["Qty", 300], ["Unit Price", 370], ["Amount", 480]] },
      { y: 680, cells: [["1", 72], ["Chiffon", 80], ["4", 305], ["N 4000.00", 370], ["N 16000.00", 480]] },
      { y: 664, cells: [["2", 52], ["Silk", 70], ["8", 305], ["N 16000.00", 370], ["N 128000.00", 480]] },
      { y: 648, cells: [["3", 74], ["2 piece set", 82], ["2", 305], ["N 20000.00", 370], ["N 40000.00", 480]] },
      { y: 620, cells: [["Subtotal", 370], ["N 184000.00", 480]] },
    ]);
    expect(items).toEqual([
      { position: "1", description: "Chiffon", quantity: 4, unit_price: 4000, amount: 16000 },
      { position: "2", description: "Silk", quantity: 8, unit_price: 16000, amount: 128000 },
      { position: "3", description: "2 piece set", quantity: 2, unit_price: 20000, amount: 40000 },
    ]);
  });

  it("reads a number whose characters the text layer spaces apart ('Q 900 . 0 0') as one number", async () => {
    const items = await lineItems([
      { y: 700, cells: [["Description", 50], ["Qty", 300], ["Price", 370], ["Total", 480]] },
      { y: 680, cells: [["Sofa bed, black", 50], ["1", 305], ["Q", 370], ["900", 380], [".", 396], ["0", 402], ["0", 410], ["Q", 480], ["900", 490], [".", 506], ["0", 512], ["0", 520]] },
      { y: 664, cells: [["Sleeping bag", 50], ["2", 305], ["Q 999.00", 370], ["Q 1998.00", 480]] },
    ]);
    expect(items?.map((r) => [r.unit_price, r.amount])).toEqual([
      [900, 900],
      [999, 1998],
    ]);
  });
});
