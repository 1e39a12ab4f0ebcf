import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { pdfOf, type PrintedText } from "./detectors/test-pdf";

/** The parties' fields asked together, as an invoice parser does: the names found say whose block an id stands in. */
const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Seller name" },
  { name: "customer_name", type: "text", description: "Customer name" },
  { name: "vendor_vat_id", type: "text", description: "Seller VAT id" },
];

async function vendorVatId(texts: PrintedText[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS });
  return result.data.vendor_vat_id;
}

/** Lines stacked 14 points apart from `top` at `x`. */
const stack = (rows: string[], top: number, x = 60): PrintedText[] => rows.map((text, i) => ({ text, x, y: top + i * 14 }));

describe("whose VAT id", () => {
  it("reads a heading in two languages as the party it names: the client's id is not the supplier's", async () => {
    const texts = [
      { text: "Kvarta Registry", x: 60, y: 40, size: 20 },
      { text: "Odberatel (Client):", x: 60, y: 90 },
      { text: "DIC (VAT number):", x: 60, y: 114 },
      { text: "CZ45021295", x: 200, y: 114 },
      { text: "Dodavatel (Supplier):", x: 60, y: 220 },
      { text: "Kvarta Registry, Dlouha 5, 110 00 Praha 1", x: 220, y: 220 },
      { text: "DIC: CZ67985726", x: 60, y: 234 },
      { text: "Invoice No: 2406000590", x: 60, y: 270 },
    ];
    expect(await vendorVatId(texts)).toBe("CZ67985726");
  });

  it("takes the id of the seller's address block over the recipient's block under it", async () => {
    const texts = [
      { text: "Invoice No: 20-B0044", x: 340, y: 40 },
      ...stack(["Zenith Rockets Inc", "VAT ID: AT8375614432", "1640 Riverside Drive", "Hill Valley, CA", "USA"], 150),
      ...stack(["Erika Musterfrau", "VAT ID: DE837566332", "Musterallee 1", "12345 Musterstadt", "Germany"], 260),
      { text: "Account holder: Zenith Rockets Inc", x: 60, y: 700 },
    ];
    expect(await vendorVatId(texts)).toBe("AT8375614432");
  });

  it("passes over the recipient's unlabelled id to the seller's in the footer with the bank details", async () => {
    const texts = [
      { text: "Velocity Consulting", x: 60, y: 40, size: 18 },
      ...stack(["Muster GmbH", "Erika Musterfrau", "Musterstraße 1", "1010 Wien", "UID: ATU12345678"], 110),
      { text: "Beratung Februar 2026", x: 60, y: 260 },
      { text: "Gesamtbetrag 1.200,00 €", x: 60, y: 300 },
      { text: "Thomas Berater GmbH", x: 60, y: 740, size: 7 },
      { text: "UID ATU77669024", x: 200, y: 740, size: 7 },
      { text: "IBAN AT03 3266 7000 0003 8695", x: 340, y: 740, size: 7 },
    ];
    expect(await vendorVatId(texts)).toBe("ATU77669024");
  });

  it("prefers the id printed with the seller's IBAN to another id in the reference block", async () => {
    const texts = [
      ...stack(["Van Dijk Installaties", "Tolweg 27", "3851 SL ERMELO"], 100),
      { text: "Debiteurnummer : 120855", x: 30, y: 240 },
      { text: "Btw-nummer", x: 30, y: 254 },
      { text: ": NL004421957B08", x: 110, y: 254 },
      { text: "Factuurnummer : 600627", x: 30, y: 268 },
      { text: "Factuurtotaal Eur 386,03", x: 30, y: 600 },
      { text: "KVK 08113875, BTW 813941155B01, IBAN NL78 INGB 0680 0009 17", x: 150, y: 740, size: 7 },
    ];
    expect(await vendorVatId(texts)).toBe("813941155B01");
  });

  it("gives no id when two are printed and nothing says which is the seller's", async () => {
    const texts = [
      { text: "Invoice 17", x: 60, y: 40 },
      { text: "VAT No: GB123456789", x: 60, y: 100 },
      { text: "VAT No: NL123456789B01", x: 340, y: 300 },
    ];
    expect(await vendorVatId(texts)).toBeNull();
  });

  it("reads a tax number printed without its country's letters after its label, in the seller's block", async () => {
    const texts = [
      { text: "Faktura 12/2026", x: 340, y: 40 },
      { text: "Sprzedawca", x: 60, y: 90, size: 14 },
      ...stack(["Nazwa: Kosmos Sp. z o.o.", "Adres: Warszawa", "NIP: 9486389201"], 112),
      { text: "Nabywca", x: 60, y: 190, size: 14 },
      ...stack(["Nazwa: Hymel Jadwiga", "Adres: Lipinki", "NIP: 7402938102"], 212),
    ];
    expect(await vendorVatId(texts)).toBe("9486389201");
  });

  it("reads no eight-digit number after a VAT label as an id", async () => {
    const texts = [
      { text: "Rechnung Nr. 1001", x: 60, y: 40 },
      { text: "Rainer GmbH | Ust-IdNr.: 12512512", x: 60, y: 740, size: 7 },
    ];
    expect(await vendorVatId(texts)).toBeNull();
  });
});
