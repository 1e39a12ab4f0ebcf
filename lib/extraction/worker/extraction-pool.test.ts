import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { ExtractionPool, ExtractionTimeoutError } from "./extraction-pool";

describe("ExtractionPool", () => {
  // A fresh thread compiles the engine (tsx) before its first document: minutes on a machine shared by several builds.
  const pool = new ExtractionPool({ threads: 1, timeoutMs: 90_000 });
  afterAll(() => pool.close());

  it("extracts in a worker thread", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([400, 400]).drawText("Invoice number: INV-4711", { x: 30, y: 350, size: 11, font });
    const result = await pool.run({ bytes: await pdf.save(), mimeType: "application/pdf", fields: [{ name: "invoice_number", type: "text" }] });
    expect(result.data.invoice_number).toBe("INV-4711");
  }, 180_000);

  it("reads images with PP-OCR in a worker thread, document after document", async () => {
    const canvas = createCanvas(600, 200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 600, 200);
    ctx.fillStyle = "#000000";
    ctx.font = "30px sans-serif";
    ctx.fillText("TOTAL RM 21.50", 30, 80);
    const bytes = new Uint8Array(canvas.toBuffer("image/png"));
    const fields = [{ name: "total_amount", type: "number" as const }];
    const first = await pool.run({ bytes, mimeType: "image/png", fields });
    const second = await pool.run({ bytes, mimeType: "image/png", fields });
    expect(first.data.total_amount).toBe(21.5);
    expect(second.data.total_amount).toBe(21.5);
  }, 120_000);

  it("ends a document that exceeds its time limit with a clear error, and keeps serving", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([400, 400]).drawText("Total: 12.00", { x: 30, y: 350, size: 11, font });
    const bytes = await pdf.save();
    await expect(pool.run({ bytes, mimeType: "application/pdf", fields: [], settings: { timeoutMs: 1 } })).rejects.toBeInstanceOf(ExtractionTimeoutError);
    const again = await pool.run({ bytes, mimeType: "application/pdf", fields: [{ name: "total_amount", type: "number" }] });
    expect(again.data.total_amount).toBe(12);
  }, 180_000);

  it("stops a document that times out while PP-OCR runs, and the process and pool live on", async () => {
    // Eighty lines: long enough that no machine reads them inside the first timeout (forty were read in under 2 s on
    // an idle one, and the run resolved instead of timing out).
    const canvas = createCanvas(900, 2700);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 900, 2700);
    ctx.fillStyle = "#000000";
    ctx.font = "24px sans-serif";
    for (let i = 0; i < 80; i += 1) ctx.fillText(`ITEM ${i} WIDGET SPARE PART ${1000 + i}   2 x 4.50   9.00`, 30, 40 + i * 33);
    const bytes = new Uint8Array(canvas.toBuffer("image/png"));
    // Terminating a thread inside a native ONNX run would abort the whole process; the pool stops it between runs.
    // A one-line image first loads the thread's sessions, so the timed runs stop inside the OCR of the long page.
    const line = createCanvas(300, 60);
    const lineCtx = line.getContext("2d");
    lineCtx.fillStyle = "#ffffff";
    lineCtx.fillRect(0, 0, 300, 60);
    lineCtx.fillStyle = "#000000";
    lineCtx.font = "24px sans-serif";
    lineCtx.fillText("TOTAL 9.00", 20, 40);
    await pool.run({ bytes: new Uint8Array(line.toBuffer("image/png")), mimeType: "image/png", fields: [], settings: { timeoutMs: 170_000 } });
    for (const timeoutMs of [1_000, 300]) {
      await expect(pool.run({ bytes, mimeType: "image/png", fields: [], settings: { timeoutMs } })).rejects.toBeInstanceOf(ExtractionTimeoutError);
    }
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([400, 400]).drawText("Total: 12.00", { x: 30, y: 350, size: 11, font });
    const again = await pool.run({ bytes: await pdf.save(), mimeType: "application/pdf", fields: [{ name: "total_amount", type: "number" }] });
    expect(again.data.total_amount).toBe(12);
  }, 400_000);

  it("turns a malformed PDF into an error instead of a crash", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\nthis is not a pdf");
    // pdfjs's exceptions are not Errors and cross the thread as plain objects: the pool hands back a real Error
    // with pdfjs's message, never "[object Object]".
    const failure = await pool.run({ bytes, mimeType: "application/pdf", fields: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure)).toBe("Error: Invalid PDF structure.");
  }, 180_000);
});
