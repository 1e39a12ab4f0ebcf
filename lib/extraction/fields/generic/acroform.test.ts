import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";

/** A fillable form made with pdf-lib: printed labels, and fields filled in the form data only. */
async function filledForm(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  const label = (text: string, y: number) => page.drawText(text, { x: 50, y: y + 5, size: 11, font });
  label("Applicant name", 700);
  const name = form.createTextField("applicant.fullName");
  name.setText("Zoë O'Neill-Smith, Jr.");
  name.addToPage(page, { x: 200, y: 700, width: 250, height: 20, font });
  label("Date of birth", 660);
  const birth = form.createTextField("Text2");
  birth.setText("1987-03-14");
  birth.addToPage(page, { x: 200, y: 660, width: 120, height: 20, font });
  label("Annual income", 620);
  const income = form.createTextField("income");
  income.setText("52,300.50");
  income.addToPage(page, { x: 200, y: 620, width: 120, height: 20, font });
  label("Smoker", 580);
  const smoker = form.createCheckBox("smoker");
  // pdf-lib ticks the widgets a box has: add it to the page first.
  smoker.addToPage(page, { x: 200, y: 580, width: 14, height: 14 });
  smoker.check();
  label("Pets", 550);
  form.createCheckBox("pets").addToPage(page, { x: 200, y: 550, width: 14, height: 14 });
  label("Contract type", 510);
  const contract = form.createRadioGroup("contractType");
  contract.addOptionToPage("Permanent", page, { x: 200, y: 510, width: 14, height: 14 });
  contract.addOptionToPage("Temporary", page, { x: 260, y: 510, width: 14, height: 14 });
  contract.select("Temporary");
  label("Country", 470);
  const country = form.createDropdown("country");
  country.addOptions(["Germany", "France", "Italy"]);
  country.select("France");
  country.addToPage(page, { x: 200, y: 470, width: 120, height: 20, font });
  const notes = form.createTextField("notes");
  notes.enableMultiline();
  notes.setText("Line one\nLine two");
  label("Notes", 420);
  notes.addToPage(page, { x: 200, y: 400, width: 250, height: 40, font });
  return pdf.save();
}

const FIELDS: FieldDefinition[] = [
  { name: "applicant_name", type: "text" },
  { name: "date_of_birth", type: "date" },
  { name: "annual_income", type: "number" },
  { name: "smoker", type: "boolean" },
  { name: "pets", type: "boolean" },
  { name: "contract_type", type: "select", options: ["Permanent", "Temporary"] },
  { name: "country", type: "text" },
  { name: "notes", type: "text" },
];

describe("fillable PDF forms (AcroForm)", () => {
  it("reads every filled field exactly, mapped by label and name, with the acroform evidence", async () => {
    const result = await extractDocument({ bytes: await filledForm(), mimeType: "application/pdf", fields: FIELDS });
    expect(result.data).toEqual({
      applicant_name: "Zoë O'Neill-Smith, Jr.",
      date_of_birth: "1987-03-14",
      annual_income: 52300.5,
      smoker: true,
      pets: false,
      contract_type: "Temporary",
      country: "France",
      notes: "Line one\nLine two",
    });
    const meta = result.fieldMetadata.applicant_name;
    expect(meta && "evidence" in meta ? meta.evidence?.strategy : null).toBe("acroform");
    expect(meta?.source?.page).toBe(1);
  });

  it("leaves a field no form field answers empty", async () => {
    const result = await extractDocument({ bytes: await filledForm(), mimeType: "application/pdf", fields: [{ name: "passport_number", type: "text" }] });
    expect(result.data.passport_number).toBeNull();
  });
});
