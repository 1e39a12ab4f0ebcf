import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { textToPages } from "../loaders/plain-text";
import { pdfOf, type PrintedText } from "./detectors/test-pdf";
import { documentLines } from "./document-lines";
import { underBuyerIdLabel } from "./party-blocks";

const FIELDS: FieldDefinition[] = [{ name: "vendor_vat_id", type: "text", description: "Seller VAT id" }];

/** Label | value rows under a heading, 14 points apart, labels at `x`, values at `x + 240`. */
function block(heading: string, rows: Array<[string, string]>, top: number, x = 40): PrintedText[] {
  return [{ text: heading, x, y: top }, ...rows.flatMap(([label, value], i) => [{ text: label, x, y: top + (i + 1) * 14 }, { text: value, x: x + 240, y: top + (i + 1) * 14 }])];
}

async function vendorVatId(texts: PrintedText[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS });
  return result.data.vendor_vat_id;
}

describe("VAT ids by party block", () => {
  it("takes the seller's block's id, not the same label's in the buyer's block, even when the seller's length is off", async () => {
    const texts = [
      { text: "Handelsrechnung Nr. 4711 vom 01.03.2026", x: 40, y: 40 },
      ...block("Verkäufer", [["Name:", "Nordlicht Handel GmbH"], ["Steuernummer:", "201/123/45678"], ["USt.-Id.-Nr.:", "DE31415926"]], 80),
      ...block("Käufer/Leistungsempfänger", [["Name:", "Bergwerk AG"], ["USt.-Id.-Nr.:", "DE271828182"]], 180),
    ];
    expect(await vendorVatId(texts)).toBe("DE31415926");
  });

  it("does not cut a longer id back to a valid-looking one", async () => {
    const texts = [
      { text: "Rechnung 2026-17", x: 40, y: 40 },
      ...block("Verkäufer", [["Name:", "Sonnenhof KG"], ["USt.-Id.-Nr.:", "DE05551234567"]], 80),
    ];
    expect(await vendorVatId(texts)).toBe("DE05551234567");
  });

  it("reads the buyer's labelled id in a block headed for the buyer as no seller's id", async () => {
    const texts = [
      { text: "Invoice 88", x: 40, y: 40 },
      ...block("Seller", [["Name:", "Harbour Tools Ltd"]], 80),
      ...block("Bill to:", [["Name:", "Meadow Farms BV"], ["VAT No:", "NL123456789B01"]], 160),
    ];
    expect(await vendorVatId(texts)).toBeNull();
  });

  it("tells side-by-side blocks apart by their column: the buyer's on the right, the seller's on the left", async () => {
    const texts = [
      { text: "Invoice 2026-031", x: 40, y: 40 },
      { text: "Bill to:", x: 320, y: 80 },
      { text: "Meadow Farms BV", x: 320, y: 94 },
      { text: "VAT No: NL123456789B01", x: 320, y: 108 },
      { text: "From:", x: 40, y: 80 },
      { text: "Harbour Tools Ltd", x: 40, y: 94 },
      { text: "VAT No: GB123456789", x: 40, y: 108 },
    ];
    expect(await vendorVatId(texts)).toBe("GB123456789");
  });

  it("keeps a labelled id with no party heading over it", async () => {
    const texts = [
      { text: "Invoice 88", x: 40, y: 40 },
      { text: "Harbour Tools Ltd", x: 40, y: 70 },
      { text: "VAT No: GB123456789", x: 40, y: 84 },
    ];
    expect(await vendorVatId(texts)).toBe("GB123456789");
  });
});

describe("an id under the buyer's id label", () => {
  it("is the buyer's, on its line or under a label in its column", () => {
    const lines = documentLines({ pages: textToPages(["Erika Mustermann                       Kunden UID-Nr.", "1234 Musterstadt                       ATU42001337", "", "Danny Developer     UID: ATU12345678"].join("\n")) });
    const at = (text: string) => lines.find((l) => l.text.includes(text))!;
    expect(underBuyerIdLabel(lines, at("ATU42001337"))).toBe(true);
    expect(underBuyerIdLabel(lines, at("ATU12345678"))).toBe(false);
  });
});
