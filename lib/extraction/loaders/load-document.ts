import { parsePages } from "../pages/parse-pages";
import type { DataExtractionMode, Page, PageModel } from "../types";
import { prepareImageForOcr } from "./image-decode";
import { ocrImage } from "./ocr";
import { renderPdfPage } from "./pdf-render";
import { openPdf, readPdfTextPage } from "./pdf-text-layer";
import { textToPages } from "./plain-text";

export type LoadOptions = { parsePages?: string; mode: DataExtractionMode };

/** Pages with fewer text-layer characters than this are treated as scanned and sent to OCR. */
const MIN_TEXT_CHARS = 20;

function pageChars(page: Page): number {
  return page.blocks.reduce((n, b) => n + b.lines.reduce((m, l) => m + l.text.length, 0), 0);
}

/** Text layers made of replacement glyphs or single letters are unreadable: "accurate" mode OCRs them too. */
function looksPoor(page: Page): boolean {
  const text = page.blocks.flatMap((b) => b.lines.map((l) => l.text)).join(" ");
  const odd = (text.match(/[\uFFFD\u0000-\u0008]/g) ?? []).length;
  return odd > text.length * 0.05;
}

async function loadPdf(bytes: Uint8Array, options: LoadOptions): Promise<PageModel> {
  const doc = await openPdf(bytes);
  try {
    const pages: Page[] = [];
    for (const number of parsePages(options.parsePages, doc.numPages)) {
      let page = await readPdfTextPage(doc, number);
      const needsOcr =
        options.mode !== "fast" && (pageChars(page) < MIN_TEXT_CHARS || (options.mode === "accurate" && looksPoor(page)));
      if (needsOcr) {
        const image = await renderPdfPage(doc, number);
        const ocr = await ocrImage(image.png, image, number);
        page = { ...ocr, width: page.width, height: page.height };
      }
      pages.push(page);
    }
    return { pages };
  } finally {
    await doc.loadingTask.destroy();
  }
}

async function loadImage(bytes: Uint8Array): Promise<PageModel> {
  const image = await prepareImageForOcr(bytes);
  return { pages: [await ocrImage(image.png, image, 1)] };
}

export class UnsupportedDocumentError extends Error {}

/** Loads any supported document into the page model; the MIME type decides, with a sniff for PDFs. */
export async function loadDocument(bytes: Uint8Array, mimeType: string, options: LoadOptions): Promise<PageModel> {
  const mime = mimeType.toLowerCase().split(";")[0]?.trim() ?? "";
  const isPdfMagic = bytes.length > 4 && String.fromCharCode(...bytes.slice(0, 5)) === "%PDF-";
  if (mime === "application/pdf" || isPdfMagic) return loadPdf(bytes, options);
  if (mime.startsWith("image/")) return loadImage(bytes);
  if (mime.startsWith("text/plain") || mime === "text/csv" || mime === "") {
    const pages = textToPages(new TextDecoder("utf-8").decode(bytes));
    const selected = new Set(parsePages(options.parsePages, pages.length));
    return { pages: pages.filter((p) => selected.has(p.number)) };
  }
  throw new UnsupportedDocumentError(`Unsupported document type: ${mimeType}`);
}
