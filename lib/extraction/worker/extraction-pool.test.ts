import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { ExtractionPool, ExtractionTimeoutError } from "./extraction-pool";

describe("ExtractionPool", () => {
  const pool = new ExtractionPool({ threads: 1, timeoutMs: 30_000 });
  afterAll(() => pool.close());

  it("extracts in a worker thread", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([400, 400]).drawText("Invoice number: INV-4711", { x: 30, y: 350, size: 11, font });
    const result = await pool.run({ bytes: await pdf.save(), mimeType: "application/pdf", fields: [{ name: "invoice_number", type: "text" }] });
    expect(result.data.invoice_number).toBe("INV-4711");
  }, 60_000);

  it("ends a document that exceeds its time limit with a clear error, and keeps serving", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([400, 400]).drawText("Total: 12.00", { x: 30, y: 350, size: 11, font });
    const bytes = await pdf.save();
    await expect(pool.run({ bytes, mimeType: "application/pdf", fields: [], settings: { timeoutMs: 1 } })).rejects.toBeInstanceOf(ExtractionTimeoutError);
    const again = await pool.run({ bytes, mimeType: "application/pdf", fields: [{ name: "total_amount", type: "number" }] });
    expect(again.data.total_amount).toBe(12);
  }, 60_000);

  it("turns a malformed PDF into an error instead of a crash", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\nthis is not a pdf");
    // pdfjs's exceptions are not Errors and cross the thread as plain objects: the pool hands back a real Error
    // with pdfjs's message, never "[object Object]".
    const failure = await pool.run({ bytes, mimeType: "application/pdf", fields: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure)).toBe("Error: Invalid PDF structure.");
  }, 60_000);
});
