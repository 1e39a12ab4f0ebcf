import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../../index";
import { terminateOcr } from "./ocr";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text" },
  { name: "vendor_iban", type: "text", description: "IBAN" },
];

/** A text-layer invoice whose bank details exist only inside an embedded picture. */
async function pdfWithTextInImage(): Promise<Uint8Array> {
  const canvas = createCanvas(1000, 120);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 1000, 120);
  ctx.fillStyle = "#000";
  ctx.font = "44px sans-serif";
  ctx.fillText("IBAN: NL50 INGB 0683 2513 09", 20, 75);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText("Invoice number: INV-321", { x: 50, y: 780, size: 12, font });
  const png = await pdf.embedPng(await canvas.encode("png"));
  page.drawImage(png, { x: 50, y: 600, width: 400, height: 48 });
  return pdf.save();
}

describe("accurate mode", () => {
  afterAll(terminateOcr);

  it("adds text found only in images to the text layer", async () => {
    const bytes = await pdfWithTextInImage();
    // Fast mode reads the text layer only; balanced reads this image too (pdf-image-text.test.ts).
    const fast = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "fast" } });
    expect(fast.data).toMatchObject({ invoice_number: "INV-321", vendor_iban: null });
    const accurate = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS, settings: { dataExtractionMode: "accurate" } });
    expect(accurate.data).toMatchObject({ invoice_number: "INV-321", vendor_iban: "NL50INGB0683251309" });
    expect(accurate.pages.pages[0]?.source).toBe("mixed");
    // The text-layer word is kept once, not duplicated by its OCR reading.
    const texts = accurate.pages.pages[0]!.blocks.flatMap((b) => b.lines.flatMap((l) => l.words.map((w) => w.text)));
    expect(texts.filter((t) => t === "INV-321")).toHaveLength(1);
  }, 60_000);
});
