/**
 * A thin layer over pdf-lib for the renderers: coordinates from the top of the page, the standard fonts by family,
 * alignment, word wrapping and rules. It also keeps every string it draws, so a test can hold the ground truth against
 * what the page really says.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

export type FontFamily = "Helvetica" | "Times" | "Courier";
export type FontWeight = "regular" | "bold" | "italic";

const STANDARD: Record<FontFamily, Record<FontWeight, StandardFonts>> = {
  Helvetica: { regular: StandardFonts.Helvetica, bold: StandardFonts.HelveticaBold, italic: StandardFonts.HelveticaOblique },
  Times: { regular: StandardFonts.TimesRoman, bold: StandardFonts.TimesRomanBold, italic: StandardFonts.TimesRomanItalic },
  Courier: { regular: StandardFonts.Courier, bold: StandardFonts.CourierBold, italic: StandardFonts.CourierOblique },
};

export type TextStyle = { family: FontFamily; weight?: FontWeight; size: number; align?: "left" | "right" | "center"; gray?: number };

/** A fixed date for the PDF's metadata, so the same seed gives the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

export class PdfWriter {
  private fonts = new Map<string, PDFFont>();
  private current: PDFPage | null = null;
  readonly pages: PDFPage[] = [];
  /** Every string drawn, with its box (points from the top-left of its page), for layout checks. */
  readonly drawn: Array<{ page: number; text: string; x: number; top: number; width: number; height: number }> = [];

  private constructor(
    readonly doc: PDFDocument,
    readonly width: number,
    readonly height: number,
  ) {}

  static async create(size: { width: number; height: number }, title: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(title);
    doc.setProducer("quarry synthetic documents");
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    const writer = new PdfWriter(doc, size.width, size.height);
    for (const family of Object.keys(STANDARD) as FontFamily[]) {
      for (const weight of Object.keys(STANDARD[family]) as FontWeight[]) {
        writer.fonts.set(`${family}/${weight}`, await doc.embedFont(STANDARD[family][weight]));
      }
    }
    writer.addPage();
    return writer;
  }

  addPage(): PDFPage {
    this.current = this.doc.addPage([this.width, this.height]);
    this.pages.push(this.current);
    return this.current;
  }

  get page(): PDFPage {
    return this.current!;
  }

  get pageNumber(): number {
    return this.pages.length;
  }

  font(style: Pick<TextStyle, "family" | "weight">): PDFFont {
    return this.fonts.get(`${style.family}/${style.weight ?? "regular"}`)!;
  }

  textWidth(text: string, style: TextStyle): number {
    return this.font(style).widthOfTextAtSize(text, style.size);
  }

  /**
   * Draws `text` with its baseline at `y` points from the top. `x` is the left edge, the right edge (align right) or
   * the centre (align center). Returns the width drawn.
   */
  text(text: string, x: number, y: number, style: TextStyle, page: PDFPage = this.page): number {
    if (text === "") return 0;
    const width = this.textWidth(text, style);
    const left = style.align === "right" ? x - width : style.align === "center" ? x - width / 2 : x;
    const gray = style.gray ?? 0;
    page.drawText(text, { x: left, y: this.height - y, size: style.size, font: this.font(style), color: rgb(gray, gray, gray) });
    this.drawn.push({ page: this.pages.indexOf(page) + 1, text, x: left, top: y - style.size * 0.75, width, height: style.size * 0.95 });
    return width;
  }

  /** Splits `text` into lines no wider than `maxWidth` (a word wider than that stands on its own line). */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.textWidth(candidate, style) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** As `wrap`, but a word wider than `maxWidth` is cut where it reaches the edge, without a hyphen, as narrow cells do. */
  wrapCuttingWords(text: string, maxWidth: number, style: TextStyle): string[] {
    const fits = (t: string) => this.textWidth(t, style) <= maxWidth;
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  rule(x1: number, y1: number, x2: number, y2: number, thickness = 0.5, gray = 0): void {
    this.page.drawLine({ start: { x: x1, y: this.height - y1 }, end: { x: x2, y: this.height - y2 }, thickness, color: rgb(gray, gray, gray) });
  }

  /** A filled rectangle, `y` its top edge from the top of the page. */
  fill(x: number, y: number, w: number, h: number, gray: number): void {
    this.page.drawRectangle({ x, y: this.height - y - h, width: w, height: h, color: rgb(gray, gray, gray) });
  }

  /** Keeps only the top `usedHeight` points of the (single) page: receipts are as long as what they print. */
  cropToTop(usedHeight: number): void {
    const h = Math.min(this.height, Math.ceil(usedHeight));
    for (const page of this.pages) {
      page.setMediaBox(0, this.height - h, this.width, h);
      page.setCropBox(0, this.height - h, this.width, h);
    }
  }

  /**
   * Strings that collide with another string or leave the page: a layout defect (readers would merge or lose them),
   * checked by the tests rather than tolerated.
   */
  layoutIssues(pageHeight = this.height): string[] {
    const issues: string[] = [];
    for (const [i, a] of this.drawn.entries()) {
      if (a.x < -0.5 || a.x + a.width > this.width + 0.5 || a.top < 0 || a.top + a.height > pageHeight) issues.push(`off the page: ${JSON.stringify(a.text)}`);
      for (const b of this.drawn.slice(i + 1)) {
        if (a.page !== b.page) continue;
        const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const overlapY = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
        if (overlapX > 0.5 && overlapY > 0.5) issues.push(`overlap: ${JSON.stringify(a.text)} / ${JSON.stringify(b.text)}`);
      }
    }
    return issues;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}
