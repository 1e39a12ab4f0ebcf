/** A page to write text and boxes on, in points from the top-left (pdf-lib counts from the bottom). */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export class Sheet {
  private constructor(
    readonly pdf: PDFDocument,
    private page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  static async create(): Promise<Sheet> {
    const pdf = await PDFDocument.create();
    // Fixed dates keep the bytes of a seed's documents identical from run to run.
    pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
    pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
    const page = pdf.addPage([612, 792]);
    return new Sheet(pdf, page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  text(text: string, x: number, top: number, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    this.page.drawText(text, { x, y: 792 - top - size, size, font: options.bold ? this.bold : this.regular });
  }

  /** Lines one under another, `gap` points apart. */
  lines(lines: string[], x: number, top: number, options: { size?: number; bold?: boolean; gap?: number } = {}): number {
    const gap = options.gap ?? (options.size ?? 10) * 1.4;
    lines.forEach((line, i) => this.text(line, x, top + i * gap, options));
    return top + lines.length * gap;
  }

  box(x: number, top: number, w: number, h: number): void {
    this.page.drawRectangle({ x, y: 792 - top - h, width: w, height: h, borderColor: rgb(0, 0, 0), borderWidth: 0.6 });
  }

  /** A form box: its label small at the top, its value under it. */
  field(label: string, value: string | string[], x: number, top: number, w: number, h: number): void {
    this.box(x, top, w, h);
    this.text(label, x + 3, top + 3, { size: 6.5 });
    this.lines(Array.isArray(value) ? value : [value], x + 6, top + 14, { size: 10 });
  }

  rule(top: number): void {
    this.page.drawLine({ start: { x: 40, y: 792 - top }, end: { x: 572, y: 792 - top }, thickness: 0.5 });
  }

  /** Starts a new page; text and boxes go on it from then on. */
  addPage(): void {
    this.page = this.pdf.addPage([612, 792]);
  }

  /** Text ending at `right` (numbers right-aligned in their column). */
  textRight(text: string, right: number, top: number, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    this.text(text, right - font.widthOfTextAtSize(text, size), top, options);
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
