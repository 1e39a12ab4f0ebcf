import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loadDocument } from "../loaders/load-document";
import { planSplit, writePdfParts } from "./split-documents";

async function pdfWithPages(texts: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of texts) {
    const page = pdf.addPage([400, 400]);
    text.split("\n").forEach((line, i) => page.drawText(line, { x: 30, y: 360 - i * 16, size: 11, font }));
  }
  return pdf.save();
}

describe("splitDocuments", () => {
  it("splits every N pages", async () => {
    const bytes = await pdfWithPages(["a", "b", "c", "d", "e"]);
    const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
    expect(planSplit(model, { mode: "every", pages: 2 }).map((p) => p.pages)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("splits by page ranges", async () => {
    const bytes = await pdfWithPages(["a", "b", "c", "d", "e"]);
    const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
    expect(planSplit(model, { mode: "ranges", ranges: ["1-2", "3-last"] }).map((p) => p.pages)).toEqual([[1, 2], [3, 4, 5]]);
  });

  it("starts a new part where the partition field changes and writes child PDFs", async () => {
    const bytes = await pdfWithPages([
      "Invoice number: A-100\nTotal: 10.00",
      "continued",
      "Invoice number: B-200",
      "Invoice number: B-200",
      "Invoice number: C-300",
    ]);
    const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
    const parts = planSplit(model, { mode: "field", field: { name: "invoice_number", type: "text" } });
    expect(parts).toEqual([
      { pages: [1, 2], key: "A-100" },
      { pages: [3, 4], key: "B-200" },
      { pages: [5], key: "C-300" },
    ]);
    const children = await writePdfParts(bytes, parts);
    const counts = await Promise.all(children.map(async (c) => (await PDFDocument.load(c)).getPageCount()));
    expect(counts).toEqual([2, 2, 1]);
    const second = await loadDocument(children[1]!, "application/pdf", { mode: "fast" });
    expect(second.pages[0]?.blocks[0]?.lines[0]?.text).toContain("B-200");
  });
});
