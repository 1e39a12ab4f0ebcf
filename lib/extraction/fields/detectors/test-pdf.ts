import { PDFDocument, StandardFonts } from "pdf-lib";

/** Test fixture: a printed text, `y` counted from the top of the page in points. */
export type PrintedText = { text: string; x: number; y: number; size?: number; bold?: boolean };

/** A one-page US Letter text-layer PDF with the given texts in Helvetica (bold where asked). */
export async function pdfOf(texts: PrintedText[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const t of texts) {
    const size = t.size ?? 10;
    page.drawText(t.text, { x: t.x, y: 792 - t.y - size, size, font: t.bold ? bold : regular });
  }
  return pdf.save();
}
