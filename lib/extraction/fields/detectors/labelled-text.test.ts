import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition, ValueMetadata } from "../../types";

type Text = { text: string; x: number; y: number; size?: number };

async function pdfOf(texts: Text[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const t of texts) page.drawText(t.text, { x: t.x, y: 792 - t.y - (t.size ?? 10), size: t.size ?? 10, font });
  return pdf.save();
}

async function extract(texts: Text[], fields: FieldDefinition[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
  return { data: result.data, meta: (name: string) => result.fieldMetadata[name] as ValueMetadata };
}

/** Sentences of prose, so the document reads as running text (as a report under its form header does). */
const prose = (n: number, y: number): Text[] =>
  Array.from({ length: n }, (_, i) => ({ text: `the agency collaborated with law enforcement and medical personnel to complete the assessment of case ${i + 1} and it was closed.`, x: 30, y: y + i * 14, size: 9 }));

describe("labelled values of fields no typed detector reads", () => {
  const fields: FieldDefinition[] = [
    { name: "case_number", type: "text", description: "Case tracking number" },
    { name: "child_age", type: "text", description: "Age of the child at the time of the incident" },
    { name: "incident_date", type: "date", description: "Date of the incident" },
  ];

  for (const [caseNumber, age, printed, iso] of [
    ["150109-DSP-Milw-505", "1 Year 9 Months", "01/09/2015", "2015-01-09"],
    ["151201-DSP-FOND-581", "3 Years", "12/01/2015", "2015-12-01"],
  ] as const) {
    it(`reads a report's header pairs above its prose (${caseNumber})`, async () => {
      const { data, meta } = await extract(
        [
          { text: `Case Tracking Number: ${caseNumber}`, x: 30, y: 60 },
          { text: `Age: ${age}`, x: 30, y: 80 },
          { text: "Child's residence at the time of incident:", x: 30, y: 100 },
          { text: "In-home", x: 260, y: 100 },
          { text: `Date of Incident: ${printed}`, x: 30, y: 120 },
          { text: `On ${iso.slice(5, 7) === "01" ? "January" : "December"} ${Number(iso.slice(8)) + 1}, ${iso.slice(0, 4)}, the agency received a report.`, x: 30, y: 140, size: 9 },
          ...prose(14, 160),
        ],
        fields,
      );
      // The numeric date is month-first: the document writes its dates in words with the month first.
      expect(data).toMatchObject({ case_number: caseNumber, child_age: age, incident_date: iso });
      expect(meta("child_age").evidence?.strategy).toBe("detector-label");
    });
  }

  it("finds a Spanish label for a field defined in English, and leaves a field without its label empty", async () => {
    const { data } = await extract(
      [
        { text: "Puesto de trabajo: Desarrollador Java", x: 40, y: 60 },
        { text: "Sobre nosotros:", x: 40, y: 90 },
        { text: "Somos una empresa con sede en Lima.", x: 40, y: 110 },
      ],
      [
        { name: "job_title", type: "text", description: "Title of the position offered" },
        { name: "reference", type: "text", description: "Reference code of the offer" },
      ],
    );
    expect(data).toMatchObject({ job_title: "Desarrollador Java", reference: null });
  });
});

describe("identifiers on their label's line", () => {
  for (const id of ["36C10B23Q0225", "FA-2020-0686", "ABC123"]) {
    it(`reads ${id} printed after its label without a colon`, async () => {
      const { data } = await extract(
        [
          { text: "RESPONSE TO REQUEST FOR INFORMATION", x: 40, y: 60, size: 14 },
          { text: `SOLICITATION NO. ${id}`, x: 40, y: 90 },
          { text: "APRIL 28TH, 2023", x: 40, y: 110 },
        ],
        [{ name: "solicitation_number", type: "text", description: "Solicitation number the response answers" }],
      );
      expect(data.solicitation_number).toBe(id);
    });
  }
});
