import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";
import { findAccountNumbers } from "./typed-values";

type Text = { text: string; x: number; y: number };

async function pdfOf(texts: Text[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const t of texts) page.drawText(t.text, { x: t.x, y: 792 - t.y - 8, size: 8, font });
  return pdf.save();
}

const FIELDS: FieldDefinition[] = [
  { name: "opening_balance", type: "currency", description: "Balance at the start of the period" },
  { name: "closing_balance", type: "currency", description: "Balance at the end of the period" },
  { name: "account_number", type: "text", description: "Account number" },
];

describe("a summary's labels set over two lines", () => {
  it("reads each balance under its two-line label, not under the other's second line", async () => {
    const texts: Text[] = [
      { text: "Account number: 52 - 7710 - 3094", x: 60, y: 60 },
      { text: "Balance Summary", x: 54, y: 180 },
      { text: "Beginning", x: 106, y: 192 },
      { text: "Deposits and", x: 165, y: 192 },
      { text: "Ending", x: 315, y: 192 },
      { text: "balance", x: 106, y: 202 },
      { text: "other additions", x: 160, y: 202 },
      { text: "balance", x: 312, y: 202 },
      { text: "2,118.40", x: 117, y: 215 },
      { text: "905.12", x: 180, y: 215 },
      { text: "1,640.07", x: 304, y: 215 },
      { text: "Primary account number: 52-7710-3094", x: 360, y: 60 },
    ];
    const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(result.data).toMatchObject({ opening_balance: 2118.4, closing_balance: 1640.07, account_number: "52-7710-3094" });
  });

  it("reads an account number printed with spaced dashes as one", () => {
    expect(findAccountNumbers("Account number: 81 - 4022 - 4868").map((f) => f.value)).toEqual(["81-4022-4868"]);
  });

  it("reads a street line alone after an address label's colon, and the street with its city when the city follows", async () => {
    const fields: FieldDefinition[] = [{ name: "service_address", type: "address", description: "Address where the service is supplied" }];
    const alone = await extractDocument({ bytes: await pdfOf([{ text: "Account Number: 40021-07", x: 60, y: 80 }, { text: "Service Address: 2210 LARKSPUR CT", x: 60, y: 96 }, { text: "Statement Date: 10/29/2020", x: 60, y: 112 }]), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
    expect(alone.data.service_address).toBe("2210 LARKSPUR CT");
    const withCity = await extractDocument({ bytes: await pdfOf([{ text: "Service Address:", x: 60, y: 96 }, { text: "2210 Larkspur Ct", x: 60, y: 108 }, { text: "Springfield, IL 62704", x: 60, y: 120 }]), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
    expect(withCity.data.service_address).toBe("2210 Larkspur Ct, Springfield, IL 62704");
  });
});
