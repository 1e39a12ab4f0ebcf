import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loadDocument } from "../load-document";

async function pdf(build: (doc: PDFDocument, font: Awaited<ReturnType<PDFDocument["embedFont"]>>) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  build(doc, font);
  return doc.save();
}

const allWords = (model: Awaited<ReturnType<typeof loadDocument>>) => model.pages.flatMap((p) => p.blocks.flatMap((b) => b.lines.flatMap((l) => l.words)));

describe("PDF text layer", () => {
  it("reads words with page-relative boxes, origin top-left", async () => {
    const bytes = await pdf((doc, font) => doc.addPage([600, 800]).drawText("Hello world", { x: 60, y: 700, size: 20, font }));
    const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
    const [hello, world] = allWords(model);
    expect(model.pages[0]).toMatchObject({ number: 1, width: 600, height: 800, source: "text-layer" });
    expect(hello?.text).toBe("Hello");
    expect(world?.text).toBe("world");
    expect(hello?.box.x).toBeCloseTo(0.1, 2);
    // Baseline at 700 pt from the bottom = 100 pt from the top; the box ends near the baseline.
    expect((hello?.box.y ?? 0) + (hello?.box.h ?? 0)).toBeCloseTo(100 / 800 + 0.005, 1);
    expect(world!.box.x).toBeGreaterThan(hello!.box.x + hello!.box.w);
  });

  it("applies the page rotation so text reads left to right in the displayed orientation", async () => {
    const bytes = await pdf((doc, font) => {
      const page = doc.addPage([600, 800]);
      page.setRotation(degrees(90));
      // Drawn upwards on the unrotated page, this text is horizontal once the page is shown rotated by 90°.
      page.drawText("Invoice number: R-90", { x: 300, y: 100, size: 14, font, rotate: degrees(90) });
    });
    const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
    const page = model.pages[0]!;
    expect(page.width).toBe(800);
    expect(page.height).toBe(600);
    const line = page.blocks.flatMap((b) => b.lines).find((l) => l.text.includes("R-90"));
    expect(line?.text).toBe("Invoice number: R-90");
    for (const w of line?.words ?? []) {
      expect(w.box.x).toBeGreaterThanOrEqual(0);
      expect(w.box.x + w.box.w).toBeLessThanOrEqual(1);
      expect(w.box.h).toBeLessThan(0.1);
    }
  });

  it("OCRs nothing in fast mode and treats an empty page as scanned otherwise", async () => {
    const bytes = await pdf((doc) => doc.addPage([300, 300]));
    expect((await loadDocument(bytes, "application/pdf", { mode: "fast" })).pages[0]?.source).toBe("text-layer");
    expect((await loadDocument(bytes, "application/pdf", { mode: "balanced" })).pages[0]?.source).toBe("ocr");
  }, 60_000);
});
