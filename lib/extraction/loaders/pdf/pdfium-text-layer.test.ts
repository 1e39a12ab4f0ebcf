import { PDFDocument, StandardFonts, degrees, type PDFFont, type PDFPage } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import type { RawWord } from "../../layout/build-page";
import { dropOverprinted } from "../../layout/overprint";
import { loadDocument } from "../load-document";
import type { Matrix } from "./pdf-matrix";
import { openPdf, readPdfjsWords } from "./pdf-text-layer";
import { closePdfium, displayTransform, openPdfium, pdfiumPageGeometry, readPdfiumWords } from "./pdfium-text-layer";
import { pdfTextReader } from "./pdfium-runtime";

async function onePage(draw: (page: PDFPage, font: PDFFont) => void, size: [number, number] = [600, 800]): Promise<{ bytes: Uint8Array; font: PDFFont }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  draw(doc.addPage(size), font);
  return { bytes: await doc.save(), font };
}

/** Both readers' words for page 1, and pdfjs's viewport (the display space both are in). */
async function readBoth(bytes: Uint8Array): Promise<{ pdfjs: RawWord[]; pdfium: RawWord[]; width: number; height: number; transform: Matrix }> {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const pdfjs = await readPdfjsWords(page, viewport);
  await doc.loadingTask.destroy();
  const pdfiumDoc = await openPdfium(bytes);
  try {
    const transform = viewport.transform as Matrix;
    return { pdfjs, pdfium: readPdfiumWords(pdfiumDoc, 0, transform), width: viewport.width, height: viewport.height, transform };
  } finally {
    closePdfium(pdfiumDoc);
  }
}

/**
 * Same texts in the same order, the same top and height within `tolerance` points, and the run's two ends too. The
 * words between may stand apart by more: pdfjs spreads a run's width over its characters evenly.
 */
function expectSameWords(pdfium: RawWord[], pdfjs: RawWord[], tolerance: number): void {
  expect(pdfium.map((w) => w.text)).toEqual(pdfjs.map((w) => w.text));
  pdfium.forEach((w, i) => {
    const other = pdfjs[i]!;
    for (const key of ["y", "h"] as const) expect(Math.abs(w[key] - other[key])).toBeLessThanOrEqual(tolerance);
    expect(w.confidence).toBe(1);
  });
  const [first, last] = [pdfium[0]!, pdfium[pdfium.length - 1]!];
  expect(Math.abs(first.x - pdfjs[0]!.x)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(last.x + last.w - (pdfjs[pdfjs.length - 1]!.x + pdfjs[pdfjs.length - 1]!.w))).toBeLessThanOrEqual(tolerance);
}

describe("PDFium text layer", () => {
  afterEach(() => {
    delete process.env.PDF_TEXT_READER;
  });

  it("gives the pdfjs reader's boxes for a plain line, y the top of the word and h the font height", async () => {
    const { bytes } = await onePage((page, font) => page.drawText("Invoice 2024-117", { x: 60, y: 700, size: 20, font }));
    const { pdfjs, pdfium } = await readBoth(bytes);
    expectSameWords(pdfium, pdfjs, 0.5);
    expect(pdfium[0]).toMatchObject({ text: "Invoice", x: 60, h: 20 });
    expect(pdfium[0]!.y).toBeCloseTo(100 - 0.8 * 20, 3);
  });

  it("measures each word of one run by its own glyphs, where pdfjs spreads the run's width evenly", async () => {
    const text = "iiiiii WWWWWW";
    const { bytes, font } = await onePage((page, f) => page.drawText(text, { x: 50, y: 400, size: 12, font: f }));
    const { pdfjs, pdfium } = await readBoth(bytes);
    const [narrow, wide] = pdfium;
    expect(pdfium.map((w) => w.text)).toEqual(["iiiiii", "WWWWWW"]);
    expect(narrow!.w).toBeCloseTo(font.widthOfTextAtSize("iiiiii", 12), 1);
    expect(wide!.x).toBeCloseTo(50 + font.widthOfTextAtSize("iiiiii ", 12), 1);
    expect(wide!.w).toBeCloseTo(font.widthOfTextAtSize("WWWWWW", 12), 1);
    // pdfjs: both words the same width, the second starting at the run's middle.
    expect(Math.abs(pdfjs[0]!.w - pdfjs[1]!.w)).toBeLessThan(0.01);
    // The run's two ends agree.
    expect(narrow!.x).toBeCloseTo(pdfjs[0]!.x, 1);
    expect(wide!.x + wide!.w).toBeCloseTo(pdfjs[1]!.x + pdfjs[1]!.w, 1);
  });

  it("with pdfjs's widths (pdfium-runs) spreads a run's width over its characters as the pdfjs reader does", async () => {
    const { bytes } = await onePage((page, font) => {
      page.drawText("iiiiii WWWWWW", { x: 50, y: 400, size: 12, font });
      page.drawText("Qty 3", { x: 50, y: 300, size: 10, font });
    });
    const { pdfjs, transform } = await readBoth(bytes);
    const pdfiumDoc = await openPdfium(bytes);
    const spread = readPdfiumWords(pdfiumDoc, 0, transform, "pdfjs runs");
    closePdfium(pdfiumDoc);
    expect(spread.map((w) => w.text)).toEqual(pdfjs.map((w) => w.text));
    spread.forEach((w, i) => {
      for (const key of ["x", "y", "w", "h"] as const) expect(Math.abs(w[key] - pdfjs[i]![key])).toBeLessThan(0.05);
    });
  });

  it("reads fake bold (a line drawn twice, shifted a little) as one copy once overprinted words are dropped", async () => {
    const { bytes } = await onePage((page, font) => {
      page.drawText("TOTAL 99.00", { x: 60, y: 500, size: 12, font });
      page.drawText("TOTAL 99.00", { x: 60.3, y: 500, size: 12, font });
    });
    const { pdfjs, pdfium } = await readBoth(bytes);
    expect(dropOverprinted(pdfium).map((w) => w.text)).toEqual(["TOTAL", "99.00"]);
    expect(dropOverprinted(pdfjs).map((w) => w.text)).toEqual(["TOTAL", "99.00"]);
    // PDFium drops the second copy itself (its text page skips a text object repeating the one before it nearby).
    expect([pdfium.length, pdfjs.length]).toEqual([2, 4]);
  });

  it("keeps a word drawn with two copies of one font whole, and cuts it where the font itself changes, as pdfjs does", async () => {
    const doc = await PDFDocument.create();
    const [first, second, bold] = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
    const page = doc.addPage([600, 800]);
    page.drawText("ATU", { x: 50, y: 600, size: 11, font: first });
    page.drawText("12345", { x: 50 + first.widthOfTextAtSize("ATU", 11), y: 600, size: 11, font: second });
    page.drawText("Total:", { x: 50, y: 500, size: 11, font: bold });
    page.drawText("12.00", { x: 50 + bold.widthOfTextAtSize("Total:", 11), y: 500, size: 11, font: first });
    const { pdfjs, pdfium } = await readBoth(await doc.save());
    expect(pdfium.map((w) => w.text)).toEqual(["ATU12345", "Total:", "12.00"]);
    expect(pdfjs.map((w) => w.text)).toEqual(pdfium.map((w) => w.text));
  });

  it("applies /Rotate: text drawn upwards on a page turned by 90° reads left to right, as with pdfjs", async () => {
    const { bytes } = await onePage((page, font) => {
      page.setRotation(degrees(90));
      page.drawText("Invoice number: R-90", { x: 300, y: 100, size: 14, font, rotate: degrees(90) });
    });
    const { pdfjs, pdfium, width, height } = await readBoth(bytes);
    expect([width, height]).toEqual([800, 600]);
    expectSameWords(pdfium, pdfjs, 1);
    for (const w of pdfium) expect(w.w).toBeGreaterThan(w.h / 2);
  });

  it("applies the crop box: positions are from the visible box's top left corner", async () => {
    const { bytes } = await onePage((page, font) => {
      page.setCropBox(50, 100, 400, 500);
      page.drawText("Cropped words", { x: 100, y: 300, size: 10, font });
    });
    const { pdfjs, pdfium, width, height } = await readBoth(bytes);
    expect([width, height]).toEqual([400, 500]);
    expectSameWords(pdfium, pdfjs, 0.5);
    expect(pdfium[0]!.x).toBeCloseTo(50, 3);
    expect(pdfium[0]!.y).toBeCloseTo(600 - 300 - 8, 3);
  });

  it("builds the same display transform as pdfjs's viewport for every rotation of a cropped page", async () => {
    for (const rotation of [0, 90, 180, 270]) {
      const { bytes } = await onePage((page) => {
        page.setCropBox(20, 30, 300, 400);
        page.setRotation(degrees(rotation));
      });
      const doc = await openPdf(bytes);
      const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
      await doc.loadingTask.destroy();
      const pdfiumDoc = await openPdfium(bytes);
      const own = pdfiumPageGeometry(pdfiumDoc, 0);
      closePdfium(pdfiumDoc);
      expect(own.transform.map((v) => v + 0)).toEqual(viewport.transform.map((v: number) => v + 0));
      expect([own.width, own.height]).toEqual([viewport.width, viewport.height]);
      expect(displayTransform([20, 30, 320, 430], rotation)).toEqual(own.transform);
    }
  });

  it("keeps vertical text along its own axis, w the font height and h its length, like pdfjs", async () => {
    const { bytes, font } = await onePage((page, f) => {
      page.drawText("Total 12.50", { x: 100, y: 700, size: 12, font: f });
      page.drawText("COPY", { x: 30, y: 300, size: 10, font: f, rotate: degrees(90) });
    });
    const { pdfjs, pdfium } = await readBoth(bytes);
    const vertical = pdfium.find((w) => w.text === "COPY")!;
    const pdfjsVertical = pdfjs.find((w) => w.text === "COPY")!;
    expect(vertical.w).toBeCloseTo(10, 3);
    expect(vertical.h).toBeCloseTo(font.widthOfTextAtSize("COPY", 10), 1);
    expect([pdfjsVertical.w, pdfjsVertical.h]).toEqual([expect.closeTo(vertical.w, 1), expect.closeTo(vertical.h, 1)]);
    // The word covers the glyphs: from the baseline's start (800 - 300 = 500 down the page) upwards.
    expect(vertical.y + vertical.h).toBeCloseTo(500, 1);
    expect(vertical.x).toBeLessThan(30);
    expect(pdfium.map((w) => w.text)).toEqual(pdfjs.map((w) => w.text));
  });

  it("is picked by PDF_TEXT_READER=pdfium and reads the same lines as the pdfjs reader", async () => {
    const { bytes } = await onePage((page, font) => {
      page.drawText("Invoice INV-001", { x: 60, y: 700, size: 14, font });
      page.drawText("Total due 1,250.00 EUR", { x: 60, y: 650, size: 11, font });
    });
    expect(pdfTextReader()).toBe("pdfjs");
    const lines = async () => (await loadDocument(bytes, "application/pdf", { mode: "fast" })).pages[0]!.blocks.flatMap((b) => b.lines.map((l) => l.text));
    const withPdfjs = await lines();
    process.env.PDF_TEXT_READER = "pdfium";
    expect(pdfTextReader()).toBe("pdfium");
    expect(await lines()).toEqual(withPdfjs);
    process.env.PDF_TEXT_READER = "pdfium-runs";
    expect(pdfTextReader()).toBe("pdfium-runs");
    expect(await lines()).toEqual(withPdfjs);
  });
});
