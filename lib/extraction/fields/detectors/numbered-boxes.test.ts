import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";
import { chooseDetector } from "./choose";
import { labelWordSet } from "./label-words";

type Text = { text: string; x: number; y: number };

/** A one-page text-layer PDF (WinAnsi text), `y` counted from the top in points. */
async function pdfOf(texts: Text[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const t of texts) page.drawText(t.text, { x: t.x, y: 842 - t.y - 9, size: 9, font });
  return pdf.save();
}

/** A form of numbered boxes, each label over its answer, two boxes a row. */
function boxes(rows: Array<Array<[string, string]>>): Text[] {
  return rows.flatMap((row, r) => row.flatMap(([label, answer], c) => [
    { text: label, x: 60 + c * 250, y: 120 + r * 36 },
    ...(answer ? [{ text: answer, x: 62 + c * 250, y: 136 + r * 36 }] : []),
  ]));
}

const FIELDS: FieldDefinition[] = [
  { name: "first_name", type: "text", description: "Applicant's first name" },
  { name: "last_name", type: "text", description: "Applicant's last name" },
  { name: "date_of_birth", type: "date", description: "Applicant's date of birth" },
  { name: "place_of_birth", type: "text", description: "Applicant's place of birth" },
  { name: "street", type: "text", description: "Street of the applicant's address" },
  { name: "postal_code", type: "text", description: "Postal code of the applicant's address" },
  { name: "city", type: "text", description: "City of the applicant's address" },
];

describe("a form's numbered boxes", () => {
  it("reads each answer under its box's label, labels in German", async () => {
    const texts = boxes([
      [["1 Vorname", "Lena"], ["2 Nachname", "Hoffmann"]],
      [["3 Geburtsdatum (TT.MM.JJJJ)", "04.09.1996"], ["4 Geburtsname", ""]],
      [["5 Geburtsort", "Leipzig"], ["6 Geburtsland", "DE"]],
      [["7 Straße", "Lindenallee"], ["8 Hausnummer", "7"]],
      [["9 Postleitzahl", "04109"], ["10 Wohnort", "Leipzig"]],
    ]);
    const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(result.data).toMatchObject({ first_name: "Lena", last_name: "Hoffmann", date_of_birth: "1996-09-04", place_of_birth: "Leipzig", street: "Lindenallee", postal_code: "04109", city: "Leipzig" });
  });

  it("takes no other box's label for an empty box's answer", async () => {
    const texts = boxes([[["1 Vorname", ""], ["2 Nachname", "Hoffmann"]], [["3 Geburtsort", ""], ["4 Geburtsland", "DE"]]]);
    const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(result.data).toMatchObject({ first_name: null, last_name: "Hoffmann", place_of_birth: null });
  });

  it("leaves a part of a name or of an address to the labelled text, not to the person or address detector", () => {
    expect(chooseDetector({ name: "first_name", type: "text", description: "Applicant's first name" })).toBeNull();
    expect(chooseDetector({ name: "postal_code", type: "text", description: "Postal code of the applicant's address" })).toBeNull();
    expect(chooseDetector({ name: "place_of_birth", type: "text", description: "Applicant's place of birth" })).toBeNull();
    expect(chooseDetector({ name: "full_name", type: "text", description: "First and last name" })).toBe("person");
    expect(chooseDetector({ name: "service_address", type: "address" })).toBe("address");
  });

  it("reads compound words as the phrase they print", () => {
    expect(labelWordSet("Geburtsdatum")).toEqual(labelWordSet("date birth"));
    expect(labelWordSet("Straße")).toEqual(labelWordSet("street"));
  });
});
