import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { pdfOf, type PrintedText } from "./detectors/test-pdf";

const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Seller name" },
  { name: "customer_name", type: "text", description: "Customer name" },
];

async function customerName(texts: PrintedText[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS });
  return result.data.customer_name;
}

describe("the buyer's name under its block's heading", () => {
  it("reads the name under a Czech or Polish buyer's heading beside the seller's", async () => {
    const texts = (heading: string): PrintedText[] => [
      { text: "Faktura 2026017", x: 50, y: 40, size: 14 },
      { text: "Dodavatel", x: 50, y: 80 },
      { text: heading, x: 300, y: 80 },
      { text: "Pivovar Horka s.r.o.", x: 50, y: 96 },
      { text: "Stavby Novak s.r.o.", x: 300, y: 96 },
      { text: "Taborska 496", x: 50, y: 110 },
      { text: "Dlouha 12", x: 300, y: 110 },
    ];
    expect(await customerName(texts("Odberatel"))).toBe("Stavby Novak s.r.o.");
    expect(await customerName(texts("Nabywca"))).toBe("Stavby Novak s.r.o.");
  });

  it("keeps the buyer's name whose own e-mail domain the buyer's block prints", async () => {
    const texts: PrintedText[] = [
      { text: "Harbor Traders", x: 50, y: 40, size: 16 },
      { text: "billing@harbor.example", x: 50, y: 62 },
      { text: "BILL TO", x: 50, y: 130 },
      { text: "SHIP TO", x: 320, y: 130 },
      { text: "Contoso Ltd.", x: 50, y: 146 },
      { text: "Contoso Ltd. — Warehouse 7", x: 320, y: 146 },
      { text: "250 Market Street", x: 50, y: 160 },
      { text: "accounts@contoso.example", x: 50, y: 174 },
    ];
    expect(await customerName(texts)).toBe("Contoso Ltd.");
  });
});
