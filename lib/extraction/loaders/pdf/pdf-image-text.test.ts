import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../../index";
import type { Word } from "../../types";
import { terminateOcr } from "../ocr/ocr";
import { paintedImages, readImagePlacements, type PaintedImage } from "./pdf-image-placements";
import { documentMayHaveImageText, worthReading } from "./pdf-image-text";
import { openPdf } from "./pdf-text-layer";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text" },
  { name: "vendor_vat_id", type: "text", description: "Vendor VAT id" },
  { name: "vendor_iban", type: "text", description: "IBAN" },
];

/** A PNG of dark text lines on white, as a scanner or a screenshot tool would paste a company block. */
async function textImage(lines: string[], width: number, lineHeight: number, fontPx: number): Promise<Buffer> {
  const canvas = createCanvas(width, lines.length * lineHeight + lineHeight / 2);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  ctx.font = `${fontPx}px sans-serif`;
  lines.forEach((line, i) => ctx.fillText(line, 10, (i + 1) * lineHeight));
  return canvas.encode("png");
}

/** A text-layer invoice whose seller block (VAT id, IBAN) exists only inside an image at the foot of the page. */
async function invoiceWithPastedBlock(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText("Invoice number: INV-321", { x: 50, y: 780, size: 12, font });
  page.drawText("Total: 121.00 EUR", { x: 50, y: 500, size: 12, font });
  const block = await pdf.embedPng(await textImage(["Example Trading B.V.", "BTW-nr: NL123456782B01", "IBAN: NL91 ABNA 0417 1643 00"], 1000, 60, 40));
  page.drawImage(block, { x: 50, y: 60, width: 450, height: (450 * block.height) / block.width });
  // A small logo: too small in page space to be read.
  const logo = await pdf.embedPng(await textImage(["LOGO"], 300, 100, 80));
  page.drawImage(logo, { x: 450, y: 760, width: 90, height: 45 });
  return pdf.save();
}

const word = (x: number, y: number): Word => ({ text: "word", box: { x, y, w: 0.1, h: 0.015 }, confidence: 1 });
const painted = (over: Partial<PaintedImage>): PaintedImage => ({ box: { x: 0.1, y: 0.8, w: 0.6, h: 0.1 }, widthPt: 360, heightPt: 84, pixels: { width: 900, height: 210 }, key: "k", ...over });

describe("choosing images to read", () => {
  it("reads operator lists only for documents with an image that has the pixels for text", () => {
    expect(documentMayHaveImageText({ images: [] })).toBe(false);
    expect(documentMayHaveImageText({ images: [{ width: 90, height: 90 }, { width: 1, height: 1 }] })).toBe(false);
    expect(documentMayHaveImageText({ images: [{ width: 90, height: 90 }, { width: 912, height: 179 }] })).toBe(true);
  });

  it("reads images painted large and sharp enough where the text layer has no words", () => {
    expect(worthReading(painted({}), [word(0.1, 0.1)])).toBe(true);
    // A logo or icon.
    expect(worthReading(painted({ widthPt: 90, heightPt: 34 }), [])).toBe(false);
    // Painted at ~36 dpi: too coarse for OCR.
    expect(worthReading(painted({ pixels: { width: 180, height: 42 } }), [])).toBe(false);
    // A searchable scan or a background: the text layer already has the words over it.
    const covered = Array.from({ length: 12 }, (_, i) => word(0.12 + (i % 4) * 0.12, 0.81 + Math.floor(i / 4) * 0.03));
    expect(worthReading(painted({}), covered)).toBe(false);
  });
});

describe("readImagePlacements", () => {
  it("places images from the content stream where pdfjs's operator list paints them", async () => {
    const bytes = await invoiceWithPastedBlock();
    const doc = await openPdf(bytes);
    try {
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: 1 });
      const placements = await readImagePlacements(bytes, 1);
      const fromStructure = placements?.placedOn(1, viewport.transform as [number, number, number, number, number, number], viewport);
      const fromPdfjs = await paintedImages(doc, 1);
      expect(fromStructure).toHaveLength(2);
      const block = fromStructure!.find((image) => image.widthPt > 400)!;
      expect(block.box.x).toBeCloseTo(50 / 595, 3);
      expect(block.box.y + block.box.h).toBeCloseTo((842 - 60) / 842, 3);
      for (const image of fromStructure!) {
        const same = fromPdfjs.find((other) => Math.abs(other.box.x - image.box.x) < 1e-6 && Math.abs(other.box.y - image.box.y) < 1e-6);
        expect(same?.box).toEqual(image.box);
        expect(same?.pixels).toEqual(image.pixels);
      }
    } finally {
      await doc.loadingTask.destroy();
    }
  });
});

describe("balanced mode on a text-layer PDF with text inside an image", () => {
  afterAll(terminateOcr);

  it("adds the image's words to the page, where fields find them", async () => {
    const bytes = await invoiceWithPastedBlock();
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
    expect(result.data).toMatchObject({ invoice_number: "INV-321", vendor_vat_id: "NL123456782B01", vendor_iban: "NL91ABNA0417164300" });
    const page = result.pages.pages[0]!;
    expect(page.source).toBe("mixed");
    const lines = page.blocks.flatMap((b) => b.lines.map((l) => l.text));
    expect(lines.some((l) => l.includes("LOGO"))).toBe(false);
    expect(lines.filter((l) => l.includes("INV-321"))).toHaveLength(1);
    // The words sit where the image is painted: the bottom tenth of the page.
    const iban = page.blocks.flatMap((b) => b.lines).find((l) => l.text.includes("IBAN"));
    expect(iban?.box.y).toBeGreaterThan(0.85);
    // Fast mode keeps to the text layer.
    const fast = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(fast.pages.pages[0]?.source).toBe("text-layer");
  }, 60_000);
});
