import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { MAX_IMAGE_PIXELS } from "./image-decode";

type CanvasAndContext = { canvas: { toBuffer(mime: "image/png"): Buffer } };
type CanvasFactory = {
  create(width: number, height: number): CanvasAndContext;
  destroy(target: CanvasAndContext): void;
};

/** ~200 dpi: enough for OCR of 8–10 pt text without paying for more pixels than tesseract needs. */
const OCR_SCALE = 200 / 72;

export type RenderedPage = { png: Uint8Array; width: number; height: number };

/** Renders a PDF page to PNG (pdfjs + @napi-rs/canvas) for OCR; the scale shrinks for huge pages to bound memory. */
export async function renderPdfPage(doc: PDFDocumentProxy, pageNumber: number): Promise<RenderedPage> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const maxScale = Math.sqrt(MAX_IMAGE_PIXELS / 4 / Math.max(1, base.width * base.height));
  const viewport = page.getViewport({ scale: Math.min(OCR_SCALE, maxScale) });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const target = factory.create(width, height);
  try {
    await page.render({ canvas: target.canvas as unknown as HTMLCanvasElement, viewport, background: "#ffffff" }).promise;
    const png = new Uint8Array(target.canvas.toBuffer("image/png"));
    return { png, width, height };
  } finally {
    factory.destroy(target);
    page.cleanup();
  }
}
