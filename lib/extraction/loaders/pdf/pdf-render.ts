import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Box } from "../../types";
import { MAX_IMAGE_PIXELS } from "../ocr/image-decode";

/** pdf.js's Node canvas factory hands out @napi-rs/canvas canvases; only what is used here is typed. */
type NodeCanvas = { toBuffer(mime: "image/png"): Buffer; encode(format: "webp" | "png", quality?: number): Promise<Buffer> };
type CanvasAndContext = { canvas: NodeCanvas };
type CanvasFactory = {
  create(width: number, height: number): CanvasAndContext;
  destroy(target: CanvasAndContext): void;
};

/** ~200 dpi: enough for OCR of 8–10 pt text without paying for more pixels than tesseract needs. */
const OCR_SCALE = 200 / 72;

export type RenderedPage = { png: Uint8Array; width: number; height: number };

/**
 * Draws one page on a white canvas at the scale `scaleFor` picks from the page's size at scale 1, and encodes it.
 * The canvas comes from the document's own factory, so it is the same kind pdf.js draws on.
 */
async function drawPage<T>(
  doc: PDFDocumentProxy,
  pageNumber: number,
  scaleFor: (base: { width: number; height: number }) => number,
  encode: (canvas: NodeCanvas) => Promise<T>,
  region?: Box,
): Promise<{ encoded: T; width: number; height: number }> {
  const page: PDFPageProxy = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const scale = scaleFor(region ? { width: base.width * region.w, height: base.height * region.h } : base);
  // A region is drawn by shifting the page so the region's corner is the canvas origin; the canvas clips the rest.
  const full = page.getViewport({ scale });
  const offsetX = region ? -region.x * full.width : 0;
  const offsetY = region ? -region.y * full.height : 0;
  const viewport = region ? page.getViewport({ scale, offsetX, offsetY }) : full;
  const width = Math.max(1, Math.ceil(region ? full.width * region.w : viewport.width));
  const height = Math.max(1, Math.ceil(region ? full.height * region.h : viewport.height));
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const target = factory.create(width, height);
  try {
    await page.render({ canvas: target.canvas as unknown as HTMLCanvasElement, viewport, background: "#ffffff" }).promise;
    return { encoded: await encode(target.canvas), width, height };
  } finally {
    factory.destroy(target);
    page.cleanup();
  }
}

/** Renders a PDF page to PNG (pdfjs + @napi-rs/canvas) for OCR; the scale shrinks for huge pages to bound memory. */
export async function renderPdfPage(doc: PDFDocumentProxy, pageNumber: number): Promise<RenderedPage> {
  const rendered = await drawPage(
    doc,
    pageNumber,
    (base) => Math.min(OCR_SCALE, Math.sqrt(MAX_IMAGE_PIXELS / 4 / Math.max(1, base.width * base.height))),
    async (canvas) => new Uint8Array(canvas.toBuffer("image/png")),
  );
  return { png: rendered.encoded, width: rendered.width, height: rendered.height };
}

export type EncodedImage = { bytes: Uint8Array; width: number; height: number };

/** Renders a PDF page as WebP, its scale chosen by the caller from the page's size in points. */
export async function renderPdfPageWebp(doc: PDFDocumentProxy, pageNumber: number, options: { scaleFor: (base: { width: number; height: number }) => number; quality: number }): Promise<EncodedImage> {
  const rendered = await drawPage(doc, pageNumber, options.scaleFor, async (canvas) => new Uint8Array(await canvas.encode("webp", options.quality)));
  return { bytes: rendered.encoded, width: rendered.width, height: rendered.height };
}

/**
 * Renders a region of a PDF page (page fractions, origin top-left, displayed orientation) to PNG at `dpi`, the scale
 * shrunk as for whole pages so a huge region stays within the pixel limit.
 */
export async function renderPdfRegion(doc: PDFDocumentProxy, pageNumber: number, region: Box, dpi: number): Promise<RenderedPage> {
  const rendered = await drawPage(
    doc,
    pageNumber,
    (base) => Math.min(dpi / 72, Math.sqrt(MAX_IMAGE_PIXELS / 4 / Math.max(1, base.width * base.height))),
    async (canvas) => new Uint8Array(canvas.toBuffer("image/png")),
    region,
  );
  return { png: rendered.encoded, width: rendered.width, height: rendered.height };
}
