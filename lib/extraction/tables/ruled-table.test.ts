import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import type { FieldMetadata } from "../types";

const FIELDS: FieldDefinition[] = [
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "amount", type: "number" },
    ],
  },
];

/** A ruled table whose long description runs past the point where an unruled guess would end its column. */
async function ruledTable(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const top = 742;
  const text = (t: string, x: number, y: number) => page.drawText(t, { x, y, size: 10, font });
  text("Description", 55, top - 14);
  // Right-aligned header over left-aligned values: without the rule, the values look closer to the description.
  text("Qty", 400, top - 14);
  text("Amount", 500, top - 14);
  text("Premium maintenance contract extended", 55, top - 34);
  text("1", 356, top - 34);
  text("480.00", 500, top - 34);
  text("Spare parts kit", 55, top - 54);
  text("3", 356, top - 54);
  text("36.00", 505, top - 54);
  for (const x of [50, 350, 420, 560]) page.drawLine({ start: { x, y: top }, end: { x, y: top - 64 }, thickness: 0.8, color: rgb(0, 0, 0) });
  for (const y of [top, top - 20, top - 40, top - 64]) page.drawLine({ start: { x: 50, y }, end: { x: 560, y }, thickness: 0.8, color: rgb(0, 0, 0) });
  return pdf.save();
}

describe("advanced table extraction", () => {
  it("uses drawn column rules as column boundaries", async () => {
    const bytes = await ruledTable();
    const expected = [
      { description: "Premium maintenance contract extended", quantity: 1, amount: 480 },
      { description: "Spare parts kit", quantity: 3, amount: 36 },
    ];
    const advanced = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { advancedTableExtraction: true } });
    expect(advanced.pages.pages[0]?.rulings?.vertical.length).toBeGreaterThanOrEqual(4);
    expect(advanced.data.line_items).toEqual(expected);
    const plain = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(plain.pages.pages[0]?.rulings).toBeUndefined();
    // Without the rules the quantities, left-aligned at their column's left edge far left of the right-aligned "Qty",
    // say where the column starts (centred-headings.ts): the rows are read under the header as well.
    const strategy = (metadata: FieldMetadata | undefined) => (metadata && "rows" in metadata ? metadata.rows[0]?.amount?.evidence?.strategy : undefined);
    expect(strategy(advanced.fieldMetadata.line_items)).toBe("table-header");
    expect(plain.data.line_items).toEqual(expected);
    expect(strategy(plain.fieldMetadata.line_items)).toBe("table-header");
  });
});
