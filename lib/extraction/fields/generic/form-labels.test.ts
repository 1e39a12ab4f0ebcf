import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";
import { formLabels } from "./form-labels";

/** A printed (not fillable) form: labels with values right of them, one value under its label, check boxes. */
async function printedForm(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (t: string, x: number, y: number) => page.drawText(t, { x, y, size: 11, font });
  text("CLAIM FORM", 50, 790);
  text("Policy No.:", 50, 740);
  text("PN-99812-B", 200, 740);
  text("Date of birth:", 50, 710);
  text("14/03/1987", 200, 710);
  text("Phone:", 50, 680);
  text("+44 20 7946 0958", 200, 680);
  text("Insured person", 50, 640);
  text("Margaret Hollis", 50, 625);
  text("Vehicle registration", 320, 640);
  text("KX19 ABC", 320, 625);
  text("Previous claims:  [x] Yes   [ ] No", 50, 590);
  text("Cover:  [ ] Basic   [x] Comprehensive", 50, 560);
  return pdf.save();
}

const FIELDS: FieldDefinition[] = [
  { name: "policy_number", type: "text" },
  { name: "birth_date", type: "date" },
  { name: "telephone", type: "phone" },
  { name: "insured_person", type: "text" },
  { name: "registration", type: "text", description: "Vehicle registration" },
  { name: "previous_claims", type: "boolean" },
  { name: "cover", type: "select", options: ["Basic", "Comprehensive"] },
];

describe("form-style documents with labels the vocabulary does not know", () => {
  it("derives labels from the field's name, description and synonyms", () => {
    expect(formLabels({ name: "policy_number", type: "text" })).toEqual(expect.arrayContaining(["policy number", "policy no", "number of policy"]));
    expect(formLabels({ name: "birth_date", type: "date" })).toContain("date of birth");
    expect(formLabels({ name: "ref", type: "text", instructions: 'Printed as "Claim ref"' })).toContain("claim ref");
  });

  it("reads values right of and below their labels, and check boxes as booleans and options", async () => {
    const result = await extractDocument({ bytes: await printedForm(), mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(result.data).toMatchObject({
      policy_number: "PN-99812-B",
      birth_date: "1987-03-14",
      insured_person: "Margaret Hollis",
      registration: "KX19 ABC",
      previous_claims: true,
      cover: "Comprehensive",
    });
    expect(String(result.data.telephone).replace(/\s/g, "")).toBe("+442079460958");
    const meta = result.fieldMetadata.policy_number;
    expect(meta && "evidence" in meta ? meta.evidence?.strategy : null).toBe("form-label");
    const box = result.fieldMetadata.previous_claims;
    expect(box && "evidence" in box ? box.evidence?.strategy : null).toBe("checkbox");
  });
});
