import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { printedPdf, type PrintedLine } from "../tables/test-pdf";
import { labelledAsBuyer, sentenceCase } from "./parties";

const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "customer_name", type: "text", description: "Customer name" },
];

async function parties(lines: PrintedLine[]) {
  return (await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS })).data;
}

describe("party blocks of layouts read for the first time", () => {
  it("reads the seller from a 'Nazwa:' row under its heading and never takes the next party's heading", async () => {
    const data = await parties([
      { y: 800, cells: [["Fakturowisko", 300]] },
      { y: 770, cells: [["Sprzedawca", 40]] },
      { y: 756, cells: [["Nazwa: Orbita Handel", 40]] },
      { y: 742, cells: [["Email: biuro@orbita.example", 40]] },
      { y: 728, cells: [["NIP: 9486389201", 40]] },
      { y: 700, cells: [["Nabywca", 40]] },
      { y: 686, cells: [["Nazwa: Jan Kowalski", 40]] },
      { y: 672, cells: [["Adres: Laczna 43", 40]] },
    ]);
    expect(data.vendor_name).toBe("Orbita Handel");
  });

  it("leaves the seller empty rather than take the next block's heading when its own block holds only labels", async () => {
    const data = await parties([
      { y: 800, cells: [["Fakturowisko", 300]] },
      { y: 770, cells: [["Sprzedawca", 40]] },
      { y: 756, cells: [["Email: biuro@orbita.example", 40]] },
      { y: 742, cells: [["NIP: 9486389201", 40]] },
      { y: 714, cells: [["Nabywca", 40]] },
      { y: 700, cells: [["Email: jan@example.pl", 40]] },
    ]);
    expect(data.vendor_name).not.toBe("Nabywca");
  });

  it("never takes the buyer's labelled line for the seller", async () => {
    const data = await parties([
      { y: 800, cells: [["Factura de compra", 40]] },
      { y: 780, cells: [["Nombre del cliente: Jaime Ortiz", 40]] },
      { y: 765, cells: [["Fecha: 2024-10-16", 40]] },
      { y: 740, cells: [["Producto", 40], ["Cantidad", 200], ["Precio Unitario", 300], ["Total", 450]] },
      { y: 725, cells: [["Atun", 40], ["4", 200], ["7900.00", 300], ["31600.00", 450]] },
      { y: 700, cells: [["Total General: 31600.00", 40]] },
    ]);
    expect(data.vendor_name).toBeNull();
  });

  it("takes the top line's person as the seller, not the buyer's 'Nombre o razón social' with its legal form", async () => {
    const data = await parties([
      { y: 800, cells: [["LUCIA MARTA BENITEZ ROJAS", 40], ["RUC: 4849678-2", 400]] },
      { y: 786, cells: [["Servicios profesionales", 250], ["Timbrado: 18583670", 400]] },
      { y: 740, cells: [["Condición de Venta: Contado", 40], ["Nombre o razón social: Delta SA", 300]] },
      { y: 726, cells: [["Moneda: Guarani", 40], ["Teléfono: 0981 000 000", 300]] },
    ]);
    expect(data.vendor_name).toBe("LUCIA MARTA BENITEZ ROJAS");
  });

  it("takes neither an item table's column heading nor a total's label for the seller", async () => {
    const data = await parties([
      { y: 800, cells: [["To:", 40]] },
      { y: 780, cells: [["Invoice #2023-001", 40]] },
      { y: 760, cells: [["#", 40], ["Date", 70], ["Description", 160], ["Cost", 480]] },
      { y: 745, cells: [["1", 40], ["2023-02-03", 70], ["Hosting plan", 160], ["$140.00", 480]] },
      { y: 720, cells: [["Per saldo te ontvangen", 160], ["€140,00", 480]] },
    ]);
    expect(data.vendor_name).toBeNull();
  });

  it("reads the buyer under a block heading the labels do not know, beside the seller's block", async () => {
    const data = await parties([
      { y: 800, cells: [["Faktura VAT nr 7/2026", 330]] },
      { y: 760, cells: [["Sprzedawca", 40], ["Nabywca", 320]] },
      { y: 746, cells: [["Orbita Handel Sp. z o.o.", 40], ["Gmina Nowe Miasto", 320]] },
      { y: 732, cells: [["ul. Dluga 11/6", 40], ["ul. Krotka 2", 320]] },
      { y: 718, cells: [["76-200 Slupsk", 40], ["60-480 Poznan", 320]] },
    ]);
    expect(data.customer_name).toBe("Gmina Nowe Miasto");
    expect(data.vendor_name).toBe("Orbita Handel Sp. z o.o.");
  });

  it("reads the buyer from the 'Name:' row under 'Customer Information'", async () => {
    const data = await parties([
      { y: 800, cells: [["Invoice", 280]] },
      { y: 770, cells: [["Supplier Information", 40]] },
      { y: 756, cells: [["Name:", 40], ["Northwind Tools Pvt. Ltd.", 200]] },
      { y: 742, cells: [["Phone:", 40], ["+91 98765 43210", 200]] },
      { y: 714, cells: [["Customer Information", 40]] },
      { y: 700, cells: [["Name:", 40], ["Lakeside Stores Pvt. Ltd.", 200]] },
      { y: 686, cells: [["Phone:", 40], ["+91 76543 21098", 200]] },
    ]);
    expect(data.customer_name).toBe("Lakeside Stores Pvt. Ltd.");
  });

  it("does not read a name right of such a heading as its value", async () => {
    const data = await parties([
      { y: 800, cells: [["Invoice", 280]] },
      { y: 770, cells: [["Asiakas", 40], ["Asiakasnumero 5033", 140]] },
    ]);
    expect(data.customer_name).toBeNull();
  });

  it("reads the address window whose postcode stands alone over its place", async () => {
    const data = await parties([
      { y: 700, cells: [["Nordlicht Handel GmbH | Hafenweg 22 | 51235 Altstadt", 70]] },
      { y: 660, cells: [["Seeblick Kunde GmbH", 70]] },
      { y: 647, cells: [["Jana Roth", 70]] },
      { y: 634, cells: [["Uferweg 9", 70]] },
      { y: 621, cells: [["88441", 70]] },
      { y: 608, cells: [["Mittelberg", 70]] },
      { y: 560, cells: [["Rechnung Nr. 1001", 70]] },
    ]);
    expect(data.customer_name).toBe("Seeblick Kunde GmbH");
  });

  it("starts the recipient's block under the letterhead's postcode line and past a bare customer number", async () => {
    const data = await parties([
      { y: 800, cells: [["Facture", 40]] },
      { y: 770, cells: [["Numéro de facture : 1", 40]] },
      { y: 740, cells: [["Garage Moulin", 40]] },
      { y: 722, cells: [["12 rue Mermoz", 40]] },
      { y: 704, cells: [["34430 SAINT JEAN", 40]] },
      { y: 686, cells: [["3936", 40]] },
      { y: 668, cells: [["Paul Girard", 40]] },
      { y: 650, cells: [["rue des Lilas 34070 Montpellier", 40]] },
      { y: 600, cells: [["Prestation", 40], ["Prix", 400]] },
    ]);
    expect(data.customer_name).toBe("Paul Girard");
    expect(data.vendor_name).toBe("Garage Moulin");
  });

  it("reads the one 'Name:' row at the head of the page, with no party heading over it, as the buyer", async () => {
    const data = await parties([
      { y: 800, cells: [["Cargo Link Express", 300]] },
      { y: 786, cells: [["111 North Bridge Road, Singapore 179098", 300]] },
      { y: 750, cells: [["Name: TAN AH KOW", 80], ["Delivery Mode : Sea Cargo", 300]] },
      { y: 700, cells: [["S/N", 40], ["Description", 100], ["Weight (kg)", 300], ["Total Price", 450]] },
      { y: 685, cells: [["1", 40], ["Food and Clothes", 100], ["3", 300], ["45.00", 450]] },
    ]);
    expect(data.customer_name).toBe("TAN AH KOW");
  });

  it("reads no buyer from two 'Name:' rows with no headings", async () => {
    const data = await parties([
      { y: 800, cells: [["Name: Cargo Link Express", 40]] },
      { y: 786, cells: [["Phone: 6325 0329", 40]] },
      { y: 750, cells: [["Name: TAN AH KOW", 40]] },
      { y: 736, cells: [["Phone: 9380 6220", 40]] },
    ]);
    expect(data.customer_name).toBeNull();
  });

  it("tells a buyer's label and a sentence-case phrase", () => {
    expect(labelledAsBuyer("Nombre del cliente: Jaider")).toBe(true);
    expect(labelledAsBuyer("Customer: Foo Ltd")).toBe(true);
    expect(labelledAsBuyer("REG: Lieferant GmbH")).toBe(false);
    expect(labelledAsBuyer("Acme Clientele Services")).toBe(false);
    expect(sentenceCase("Gemaakte kosten")).toBe(true);
    expect(sentenceCase("Hofbäckerei Klee und Wäschle GbR")).toBe(false);
    expect(sentenceCase("Taste of the World")).toBe(false);
    expect(sentenceCase("ACME TRADING")).toBe(false);
  });
});
