import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { netOverGross } from "./find-header";
import { lineItemsFields, printedPdf } from "./test-pdf";

const FIELDS = lineItemsFields("position", "description", "quantity", "unit_price", "tax_rate", "amount");

async function lineItems(lines: Parameters<typeof printedPdf>[0][number]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS });
  return result.data.line_items;
}

describe("line items of invoices in other notations and languages", () => {
  it("reads whole amounts printed with a dash for the cents ('€ 1.600,–')", async () => {
    const items = await lineItems([
      // Dates with dots ("01.03.2026") make the page's numbers look dot-decimal; the dash says otherwise.
      { y: 730, cells: [["Leistungszeitraum 01.03.2026 - 15.03.2026", 50]] },
      { y: 700, cells: [["Pos.", 50], ["Beschreibung", 90], ["Menge", 330], ["Einzelpreis", 400], ["Gesamt", 500]] },
      { y: 680, cells: [["1", 50], ["Beratung vor Ort", 90], ["2", 335], ["€ 1.600,–", 400], ["€ 3.200,–", 500]] },
      { y: 662, cells: [["2", 50], ["Reisekosten", 90], ["1", 335], ["€ 400,–", 400], ["€ 400,–", 500]] },
      { y: 630, cells: [["Nettobetrag", 330], ["€ 3.600,–", 500]] },
    ]);
    expect(items).toEqual([
      { position: "1", description: "Beratung vor Ort", quantity: 2, unit_price: 1600, amount: 3200 },
      { position: "2", description: "Reisekosten", quantity: 1, unit_price: 400, amount: 400 },
    ]);
  });

  it("reads a Polish header stacked over three lines and takes the net price and value, not the gross ones", async () => {
    const items = await lineItems([
      { y: 712, cells: [["Cena", 330], ["Stawka", 430], ["Wartosc", 480], ["Wartosc", 530]] },
      { y: 703, cells: [["Lp", 40], ["Nazwa", 70], ["Ilosc", 230], ["Cena netto", 270]] },
      { y: 694, cells: [["brutto", 330], ["VAT", 430], ["netto", 480], ["brutto", 530]] },
      { y: 675, cells: [["1", 40], ["Farby akrylowe zestaw", 70], ["2", 235], ["43,08", 275], ["52,99", 335], ["23", 435], ["86,16", 485], ["105,98", 535]] },
      { y: 660, cells: [["2", 40], ["Pedzle malarskie", 70], ["1", 235], ["24,31", 275], ["29,90", 335], ["23", 435], ["24,31", 485], ["29,90", 535]] },
      { y: 630, cells: [["Razem", 430], ["110,47", 485], ["135,88", 535]] },
    ]);
    expect(items).toEqual([
      { position: "1", description: "Farby akrylowe zestaw", quantity: 2, unit_price: 43.08, tax_rate: 23, amount: 86.16 },
      { position: "2", description: "Pedzle malarskie", quantity: 1, unit_price: 24.31, tax_rate: 23, amount: 24.31 },
    ]);
  });

  it("reads a Finnish header of net and gross columns ('A-hinta veroton', 'Veroton yhteensä')", async () => {
    const items = await lineItems([
      { y: 712, cells: [["Rivi", 40], ["Tuote/palvelu", 70], ["KPL", 230], ["A-hinta", 270], ["A-hinta", 320], ["ALV-%", 370], ["Veroton", 420], ["Verollinen", 490]] },
      { y: 703, cells: [["veroton", 270], ["verollinen", 320], ["yhteensä", 420], ["yhteensä", 490]] },
      { y: 685, cells: [["1", 45], ["Webhotelli", 70], ["1,00", 232], ["24,59", 272], ["30,00", 322], ["22%", 372], ["24,59", 422], ["30,00", 492]] },
      { y: 670, cells: [["2", 45], ["Rekisteröintimaksu", 70], ["2,00", 232], ["10,90", 272], ["13,30", 322], ["22%", 372], ["21,80", 422], ["26,60", 492]] },
      { y: 640, cells: [["Yhteensä", 70], ["46,39", 422], ["56,60", 492]] },
    ]);
    expect(items).toEqual([
      { position: "1", description: "Webhotelli", quantity: 1, unit_price: 24.59, tax_rate: 22, amount: 24.59 },
      { position: "2", description: "Rekisteröintimaksu", quantity: 2, unit_price: 10.9, tax_rate: 22, amount: 21.8 },
    ]);
  });
});

describe("the plural 'totals' of Romance languages", () => {
  it("ends the items at a 'Totales' line over the columns' sums, which is no item", async () => {
    const result = await extractDocument({
      bytes: await printedPdf([
        [
          { y: 700, cells: [["No", 40], ["Cantidad", 70], ["Descripción", 150], ["P. Unitario", 340], ["Descuento", 410], ["Total", 500]] },
          { y: 680, cells: [["1", 42], ["2", 80], ["Monitor 24 pulgadas", 150], ["1500.00", 345], ["100.00", 415], ["2900.00", 500]] },
          { y: 665, cells: [["2", 42], ["1", 80], ["Teclado inalámbrico", 150], ["300.00", 345], ["0.00", 415], ["300.00", 500]] },
          { y: 645, cells: [["Totales", 240], ["100.00", 415], ["3200.00", 500]] },
        ],
      ]),
      mimeType: "application/pdf",
      fields: lineItemsFields("position", "quantity", "description", "unit_price", "discount_percent", "amount"),
    });
    const items = result.data.line_items as Array<Record<string, unknown>>;
    expect(items.map((r) => r.description)).toEqual(["Monitor 24 pulgadas", "Teclado inalámbrico"]);
  });
});

describe("a net and a gross column of one kind", () => {
  it("lets a net-labelled column replace a gross-labelled one of the same key, never the other way", () => {
    expect(netOverGross("Cena brutto", "Cena netto")).toBe(true);
    expect(netOverGross("A-hinta verollinen", "A-hinta veroton")).toBe(true);
    expect(netOverGross("Price incl. VAT", "Price excl. VAT")).toBe(true);
    expect(netOverGross("Cena netto", "Cena brutto")).toBe(false);
    expect(netOverGross("Einzelpreis", "Einzelpreis netto")).toBe(false);
  });
});
