import { Image, createCanvas, type Canvas } from "@napi-rs/canvas";
import { detectType } from "../loaders/load-document";
import { MAX_IMAGE_PIXELS, prepareImagePages } from "../loaders/ocr/image-decode";
import { renderPdfPageWebp } from "../loaders/pdf/pdf-render";
import { openPdf } from "../loaders/pdf/pdf-text-layer";
import type { DocumentPreview } from "../types";

/**
 * The first page as an image, for the review workspace to show before pdf.js has loaded (issue 6) and as the
 * document's `thumbnail` (issue 5). WebP, because it is a third of a PNG's size for a page of text.
 */
export type { DocumentPreview };

/** Wide enough for the workspace's page column on a large screen (or a laptop's at 2×). */
export const PREVIEW_WIDTH = 1200;
/** A very tall page (a long receipt) is drawn narrower instead of taller than this many pixels. */
export const PREVIEW_MAX_PIXELS = PREVIEW_WIDTH * 2400;
const QUALITY = 80;
/** A page that takes longer than this to draw gets no preview, rather than pushing its document past its time limit. */
const PDF_PREVIEW_TIMEOUT_MS = 10_000;

/** Scale so the width is PREVIEW_WIDTH, or less when that would make more than PREVIEW_MAX_PIXELS. */
export function previewScale(size: { width: number; height: number }): number {
  const width = Math.max(1, size.width);
  const height = Math.max(1, size.height);
  return Math.min(PREVIEW_WIDTH / width, Math.sqrt(PREVIEW_MAX_PIXELS / (width * height)));
}

/**
 * Page 1 of a PDF or the (first) image, scaled to the preview's size; null for every other kind of document
 * (their workspace shows text, not a page). Throws when the file cannot be drawn: the caller decides that a
 * missing preview is not an error of the document.
 */
export async function renderDocumentPreview(bytes: Uint8Array, mimeType: string, fileName?: string): Promise<DocumentPreview | null> {
  const type = detectType(bytes, mimeType, fileName);
  if (type === "application/pdf") return renderPdfPreview(bytes);
  if (type.startsWith("image/")) return renderImagePreview(bytes);
  return null;
}

async function renderPdfPreview(bytes: Uint8Array): Promise<DocumentPreview | null> {
  const doc = await openPdf(bytes);
  let timer: NodeJS.Timeout | undefined;
  try {
    if (doc.numPages < 1) return null;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Drawing page 1 took more than ${PDF_PREVIEW_TIMEOUT_MS} ms`)), PDF_PREVIEW_TIMEOUT_MS);
    });
    // pdf.js draws in slices between which timers run; destroying the document below ends the drawing.
    const page = await Promise.race([renderPdfPageWebp(doc, 1, { scaleFor: previewScale, quality: QUALITY }), tooLong]);
    return { ...page, contentType: "image/webp" };
  } finally {
    clearTimeout(timer);
    await doc.loadingTask.destroy();
  }
}

function isTiff(bytes: Uint8Array): boolean {
  return (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a) || (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[3] === 0x2a);
}

async function renderImagePreview(bytes: Uint8Array): Promise<DocumentPreview> {
  // TIFF is not something @napi-rs/canvas reads: take its first page as the OCR loader decodes it.
  const source = new Image();
  source.src = Buffer.from(isTiff(bytes) ? await (await prepareImagePages(bytes))[0]!.png() : bytes);
  if (!source.width || !source.height) throw new Error("The image could not be decoded");
  if (source.width * source.height > MAX_IMAGE_PIXELS) throw new Error(`The image is too large (${source.width} × ${source.height} px)`);
  // A preview only ever shrinks an image: a small photo stays its own size.
  const scale = Math.min(1, previewScale(source));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas: Canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  return { bytes: new Uint8Array(await canvas.encode("webp", QUALITY)), contentType: "image/webp", width, height };
}
