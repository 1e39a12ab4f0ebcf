import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { pdfOf, type PrintedText } from "./detectors/test-pdf";
import { HOUSE_NUMBER_FIRST, isPartyHeading, withoutCapitals } from "./party-headings";

const FIELDS: FieldDefinition[] = [
  { name: "customer_name", type: "text", description: "Customer name" },
  { name: "vendor_name", type: "text", description: "Vendor name" },
];

/** Lines printed one under another at the left margin from `top`, 14 points apart. */
function column(lines: string[], top: number, x = 60): PrintedText[] {
  return lines.map((text, i) => ({ text, x, y: top + i * 14 }));
}

async function parties(texts: PrintedText[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS });
  return result.data;
}

/** An Italian letterhead over the customer's block, a footer sender line and a bank line, as generated invoices print. */
function italianInvoice(heading: string): PrintedText[] {
  return [
    { text: "Pagina 1 di 1", x: 500, y: 28, size: 8 },
    { text: "Colombo Servizi S.p.A.", x: 60, y: 56, size: 13 },
    ...column(["Via Berg 75", "33545 Padova", "Tel. +39 26 446 9969", "contact@colombo.it"], 74),
    ...column([heading, "Verqua S.p.A.", "Alla c.a. Luca Marino", "Via Cedar 214", "80831 Trento", "Italia"], 134),
    { text: "Fattura", x: 60, y: 222, size: 14 },
    ...column(["Fattura n.: RE-028162", "Data documento: 07-09-2022"], 244),
    { text: "Colombo Servizi S.p.A. · Tel. +39 26 446 9969 · contact@colombo.it · www.colombo.it", x: 150, y: 720, size: 7 },
    { text: "Banco Popolare · IBAN IT29C4243626572725534546248 · BIC QOIFITWM · REA PM-431896", x: 150, y: 730, size: 7 },
  ];
}

describe("party headings", () => {
  it("reads a block's heading, a form of address or the document's title as no name", () => {
    for (const heading of ["Spett.le", "Spett.le:", "Facturar a", "Livré à", "FATTURA", "Datos del cliente", "Bill to", "Dear"]) expect(isPartyHeading(heading)).toBe(true);
    for (const name of ["Verqua S.p.A.", "Bill Tomlinson", "Facturas Rápidas S.L."]) expect(isPartyHeading(name)).toBe(false);
  });

  it("tells a line without a capital letter and a line starting with a house number", () => {
    expect(withoutCapitals("tan woon yann")).toBe(true);
    expect(withoutCapitals("e-Luscious Nederland B.V.")).toBe(false);
    expect(withoutCapitals("株式会社テスト")).toBe(false);
    expect(HOUSE_NUMBER_FIRST.test("174 place de la Castle")).toBe(true);
    expect(HOUSE_NUMBER_FIRST.test("3M Deutschland GmbH")).toBe(false);
  });
});

describe("customer and seller on a layout read for the first time", () => {
  it("takes the name under the customer block's heading, not the heading, and the letterhead as the seller", async () => {
    // The customer's block is set close under the letterhead's: its heading, not the spacing, starts it.
    for (const heading of ["Spett.le:", "Spett.le", "Intestatario"]) {
      expect(await parties(italianInvoice(heading))).toMatchObject({ customer_name: "Verqua S.p.A.", vendor_name: "Colombo Servizi S.p.A." });
    }
  });

  it("never takes the issuer's own letterhead block, named again in its footer, for the customer", async () => {
    // No customer block at all: only the letterhead stands over a postcode in the address window.
    const texts = italianInvoice("Spett.le:").filter((t) => t.y < 120 || t.y > 215);
    const data = await parties(texts);
    expect(data.customer_name).toBeNull();
    expect(data.vendor_name).toBe("Colombo Servizi S.p.A.");
  });

  it("drops a label's value that is the next label, not a name", async () => {
    const data = await parties([
      { text: "Quarry Sistemas S.L.", x: 60, y: 56, size: 13 },
      ...column(["Calle Mayor 12", "28013 Madrid"], 76),
      { text: "Cliente:", x: 60, y: 140 },
      { text: "N.º de factura", x: 160, y: 140 },
      { text: "F-2024-118", x: 300, y: 140 },
    ]);
    expect(data.customer_name).toBeNull();
  });

  it("skips a handwritten note in lower case at the top for the seller", async () => {
    const withAddress = await parties([{ text: "tan woon yann", x: 60, y: 40 }, { text: "KEDAI MAJU ENTERPRISE", x: 60, y: 60 }, ...column(["8, JALAN SUBANG JASA 3,", "40150 SHAH ALAM, SELANGOR."], 76)]);
    expect(withAddress.vendor_name).toBe("KEDAI MAJU ENTERPRISE");
    // No address under the shop's name to say it is the seller: only the missing capitals do.
    const alone = await parties([{ text: "tan woon yann", x: 60, y: 40 }, { text: "KEDAI MAJU ENTERPRISE", x: 60, y: 60 }, { text: "TAX INVOICE", x: 60, y: 90 }]);
    expect(alone.vendor_name).toBe("KEDAI MAJU ENTERPRISE");
  });
});
