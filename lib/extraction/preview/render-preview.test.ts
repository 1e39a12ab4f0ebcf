import { Image, createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PREVIEW_MAX_PIXELS, PREVIEW_WIDTH, renderDocumentPreview } from "./render-preview";

async function pdfWithPage(size: [number, number]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage(size);
  // A black band across the top: the preview must show the page, not a blank canvas.
  page.drawRectangle({ x: 0, y: size[1] - 40, width: size[0], height: 40, color: rgb(0, 0, 0) });
  page.drawText("Invoice INV-4711", { x: 30, y: size[1] - 100, size: 14, font });
  pdf.addPage(size).drawText("Second page", { x: 30, y: 100, size: 14, font });
  return pdf.save();
}

/** Decodes the preview's bytes again: what the browser would show. */
function decode(bytes: Uint8Array): Image {
  const image = new Image();
  image.src = Buffer.from(bytes);
  return image;
}

function isWebp(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.slice(0, 4)).toString("latin1") === "RIFF" && Buffer.from(bytes.slice(8, 12)).toString("latin1") === "WEBP";
}

describe("renderDocumentPreview", () => {
  it("draws page 1 of a PDF as a WebP of the preview width and the page's aspect ratio", async () => {
    const preview = await renderDocumentPreview(await pdfWithPage([595, 842]), "application/pdf", "a4.pdf");
    expect(preview).not.toBeNull();
    expect(preview!.contentType).toBe("image/webp");
    expect(isWebp(preview!.bytes)).toBe(true);
    const image = decode(preview!.bytes);
    expect([image.width, image.height]).toEqual([preview!.width, preview!.height]);
    expect(image.width).toBe(PREVIEW_WIDTH);
    expect(image.height / image.width).toBeCloseTo(842 / 595, 2);
    // The top band is black and the middle of the page white: the page itself was drawn.
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    expect(context.getImageData(image.width / 2, 10, 1, 1).data[0]).toBeLessThan(40);
    expect(context.getImageData(image.width / 2, image.height / 2, 1, 1).data[0]).toBeGreaterThan(215);
  }, 30_000);

  it("keeps a very tall page within the pixel budget, narrower but with its aspect ratio", async () => {
    const preview = await renderDocumentPreview(await pdfWithPage([200, 2000]), "application/pdf");
    expect(preview!.width * preview!.height).toBeLessThanOrEqual(PREVIEW_MAX_PIXELS * 1.01);
    expect(preview!.width).toBeLessThan(PREVIEW_WIDTH);
    expect(preview!.height / preview!.width).toBeCloseTo(10, 1);
  }, 30_000);

  it("shrinks a large image to the preview width and leaves a small one its size", async () => {
    const photo = createCanvas(3000, 2000);
    photo.getContext("2d").fillRect(0, 0, 3000, 2000);
    const large = await renderDocumentPreview(new Uint8Array(await photo.encode("png")), "image/png", "scan.png");
    expect([large!.width, large!.height]).toEqual([PREVIEW_WIDTH, 800]);
    const small = await renderDocumentPreview(new Uint8Array(await createCanvas(300, 400).encode("jpeg")), "image/jpeg");
    expect([small!.width, small!.height]).toEqual([300, 400]);
  });

  it("has no preview for documents without pages to draw, and throws for a PDF it cannot open", async () => {
    expect(await renderDocumentPreview(new TextEncoder().encode("just text"), "text/plain", "notes.txt")).toBeNull();
    await expect(renderDocumentPreview(new TextEncoder().encode("%PDF-1.7\nnot a pdf"), "application/pdf")).rejects.toThrow();
  });
});
