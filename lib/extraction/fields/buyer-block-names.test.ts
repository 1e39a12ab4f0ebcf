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
