import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";

/** A fillable form whose fields have meaningless names ("f1_1"): only the printed labels above them say what they are. */
async function fillableForm(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  const label = (text: string, x: number, top: number, size = 7) => page.drawText(text, { x, y: 792 - top - size, size, font });
  const input = (name: string, value: string, x: number, top: number) => {
    const f = form.createTextField(name);
    f.setText(value);
    f.addToPage(page, { x, y: 792 - top - 18, width: 300, height: 18, font });
  };
  label("1 Name (as shown on your income tax return). Name is required on this line.", 40, 60);
  input("f1_1", "Grace Castillo", 40, 70);
  label("3 Check appropriate box for federal tax classification:", 40, 100);
  ["Individual/sole proprietor", "C corporation", "Partnership"].forEach((option, i) => {
    const box = form.createCheckBox(`c1_${i + 1}`);
    box.addToPage(page, { x: 40 + i * 180, y: 792 - 114 - 10, width: 9, height: 9 });
    if (option === "Partnership") box.check();
    label(option, 53 + i * 180, 114, 9);
  });
  label("5 Address (number, street, and apt. or suite no.)", 40, 140);
  input("f1_7", "994 Oak Street", 40, 150);
  label("6 City, state, and ZIP code", 40, 176);
  input("f1_8", "Portland, OR 97231", 40, 186);
  label("Employer identification number", 400, 220);
  input("f1_11", "45-1234567", 400, 230);
  return pdf.save();
}

const FIELDS: FieldDefinition[] = [
  { name: "name", type: "text", description: "Name as shown on the income tax return (line 1)" },
  { name: "tax_classification", type: "select", options: ["Individual/sole proprietor", "C corporation", "Partnership"] },
  { name: "address", type: "address", description: "Street address, city, state and ZIP code" },
  { name: "tin", type: "text", description: "Taxpayer identification number (SSN or EIN)" },
];

describe("a fillable form read through its printed labels", () => {
  it("reads the answers in the form data as if printed in their boxes", async () => {
    const result = await extractDocument({ bytes: await fillableForm(), mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(result.data).toEqual({ name: "Grace Castillo", tax_classification: "Partnership", address: "994 Oak Street, Portland, OR 97231", tin: "45-1234567" });
  });
});
