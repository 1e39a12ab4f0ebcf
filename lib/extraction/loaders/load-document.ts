import { parsePages } from "../pages/parse-pages";
import type { DataExtractionMode, EmailParsingSettings, Page, PageModel } from "../types";
// Static on purpose: the worker thread loads TypeScript through tsx's CommonJS hook, where a relative import() of a
// .ts module cannot resolve (it goes to Node's ESM loader): lazy loading here failed every DOCX, XLSX, HTML and .eml.
import { loadEmail } from "./email/email";
import { loadCsv, loadDocx, loadHtml, loadXlsx } from "./office/structured-loaders";
import { prepareImagePages } from "./ocr/image-decode";
import { ocrEngineFor, ocrPageImage, pngImage } from "./ocr/ocr-engines";
import { uprightSize } from "./ocr/ocr-orientation";
import { renderPdfPage } from "./pdf/pdf-render";
import { mergeOcrIntoTextPage } from "./ocr/merge-ocr";
import { readPdfRulings } from "./pdf/pdf-rulings";
import { addImageText, prepareImageText } from "./pdf/pdf-image-text";
import { checkPdfStreams, MAX_PDF_PAGES, PdfRejectedError } from "./pdf/pdf-guard";
import { openPdf, readPdfTextPage } from "./pdf/pdf-text-layer";
import { pdfTextReader } from "./pdf/pdfium-runtime";
import { closePdfium, openPdfium } from "./pdf/pdfium-text-layer";
import { textToPages } from "./plain-text";
import { timedAsync } from "../stage-timing";

export type LoadOptions = { parsePages?: string; mode: DataExtractionMode; emailParsing?: EmailParsingSettings; rulings?: boolean };

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

export class UnsupportedDocumentError extends Error {}

/** A scanned page is turned upright before OCR; a page merged into its text layer keeps the text layer's orientation. */
async function ocrPdfPage(doc: Awaited<ReturnType<typeof openPdf>>, number: number, textPage: Page, options: { scanned: boolean; mode: DataExtractionMode }): Promise<Page> {
  const image = await renderPdfPage(doc, number);
  const ocr = await ocrPageImage(pngImage(image.png, image), number, { engine: ocrEngineFor(options.mode), orient: options.scanned });
  return { ...ocr, ...uprightSize(textPage, ocr.rotation) };
}

/** Pages a document may have at all, even when only a few are selected: /Count is the file's word, not a fact. */
const MAX_PDF_PAGE_COUNT = 100_000;

/** The selected page numbers, refused past the page limit before any page is read. */
function selectedPdfPages(expression: string | undefined, pageCount: number): number[] {
  const selected = pageCount > MAX_PDF_PAGE_COUNT ? null : parsePages(expression, pageCount);
  if (!selected || selected.length > MAX_PDF_PAGES) {
    throw new PdfRejectedError(`The PDF has ${pageCount.toLocaleString("en-US")} pages; Quarry reads at most ${MAX_PDF_PAGES.toLocaleString("en-US")} pages of a document. Split the file or select fewer pages (parsePages).`);
  }
  return selected;
}

async function loadPdf(bytes: Uint8Array, options: LoadOptions): Promise<PageModel> {
  const streams = await timedAsync("load › stream guard", () => checkPdfStreams(bytes));
  const doc = await timedAsync("load › open", () => openPdf(bytes));
  // PDF_TEXT_READER=pdfium: PDFium reads the words; pdfjs keeps the rest (form fields, rulings, images, rendering).
  const reader = pdfTextReader();
  // pdfjs has opened the file already (a password or a broken file stopped there); one PDFium cannot open is read by
  // pdfjs alone rather than failed.
  const pdfium = reader !== "pdfjs" ? await timedAsync("load › open (pdfium)", () => openPdfium(bytes)).catch(() => null) : null;
  try {
    const pages: Page[] = [];
    // Balanced: text inside images of text-layer pages is read region by region, only in documents with an image
    // that has the pixels for text (see pdf-image-text.ts for the cost).
    const imageText = options.mode === "balanced" ? await timedAsync("load › image text › structure", () => prepareImageText(bytes, streams, doc.numPages)) : null;
    for (const number of selectedPdfPages(options.parsePages, doc.numPages)) {
      let page = await readPdfTextPage(doc, number, pdfium && { doc: pdfium, widths: reader === "pdfium-runs" ? "pdfjs runs" : "exact" });
      const formFields = page.formFields;
      const scanned = pageChars(page) < MIN_TEXT_CHARS || looksPoor(page);
      if (options.mode === "balanced" && scanned) {
        const textPage = page;
        page = await timedAsync("load › OCR of scanned pages", () => ocrPdfPage(doc, number, textPage, { scanned: true, mode: options.mode }));
      } else if (imageText) {
        const textPage = page;
        page = await timedAsync("load › image text", () => addImageText(doc, textPage, imageText, ocrEngineFor(options.mode)));
      } else if (options.mode === "accurate") {
        // Accurate: every page is also OCR'd; text printed only inside images (logos, pasted scans) joins the
        // text layer, and a garbage text layer is replaced.
        const ocr = await ocrPdfPage(doc, number, page, { scanned, mode: options.mode });
        page = scanned ? ocr : mergeOcrIntoTextPage(page, ocr);
      }
      // Form values come from the file's form data whichever way the page's words were read.
      if (formFields && !page.formFields) page = { ...page, formFields };
      if (options.rulings) page = { ...page, rulings: await timedAsync("load › rulings", () => readPdfRulings(doc, number)) };
      pages.push(page);
    }
    return { pages };
  } finally {
    if (pdfium) closePdfium(pdfium);
    await timedAsync("load › close", () => doc.loadingTask.destroy());
  }
}

async function loadImage(bytes: Uint8Array, options: LoadOptions): Promise<PageModel> {
  const images = await timedAsync("load › image decode", () => prepareImagePages(bytes));
  const pages: Page[] = [];
  const engine = ocrEngineFor(options.mode);
  for (const number of parsePages(options.parsePages, images.length)) {
    const image = images[number - 1]!;
    pages.push(await timedAsync("load › OCR", () => ocrPageImage(image, number, { engine, orient: true })));
  }
  return { pages };
}

function selectPages(pages: Page[], expression: string | undefined): PageModel {
  const selected = new Set(parsePages(expression, pages.length));
  return { pages: pages.filter((p) => selected.has(p.number)) };
}

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Normalises the MIME type, falling back on content sniffing for PDFs and on the file name's extension. */
export function detectType(bytes: Uint8Array, mimeType: string, fileName = ""): string {
  const mime = mimeType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (bytes.length > 4 && String.fromCharCode(...bytes.slice(0, 5)) === "%PDF-") return "application/pdf";
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  const byExt: Record<string, string> = { pdf: "application/pdf", docx: DOCX, xlsx: XLSX, csv: "text/csv", html: "text/html", htm: "text/html", eml: "message/rfc822", txt: "text/plain", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", tif: "image/tiff", tiff: "image/tiff", xml: "application/xml" };
  if ((mime === "" || mime === "application/octet-stream") && byExt[ext]) return byExt[ext];
  return mime;
}

/** Loads any supported document into the page model. */
export async function loadDocument(bytes: Uint8Array, mimeType: string, options: LoadOptions, fileName?: string, depth = 0): Promise<PageModel> {
  const type = detectType(bytes, mimeType, fileName);
  if (type === "application/pdf") return loadPdf(bytes, options);
  if (type.startsWith("image/")) return loadImage(bytes, options);
  if (type === DOCX) return selectPages(await loadDocx(bytes), options.parsePages);
  if (type === XLSX) return selectPages(await loadXlsx(bytes), options.parsePages);
  if (type === "text/csv") return selectPages(loadCsv(bytes), options.parsePages);
  if (type === "text/html" || type === "application/xhtml+xml") return selectPages(loadHtml(bytes), options.parsePages);
  if (type === "message/rfc822") {
    const email = await loadEmail(bytes, options.emailParsing);
    // parsePages counts the conversation (page 1 = newest message); attachments follow in full.
    const pages = selectPages(email.messagePages, options.parsePages).pages;
    if (depth < 2) {
      for (const attachment of email.attachments) {
        try {
          const inner = await loadDocument(attachment.bytes, attachment.mimeType, { ...options, parsePages: undefined }, attachment.fileName, depth + 1);
          pages.push(...inner.pages);
        } catch (error) {
          if (error instanceof UnsupportedDocumentError) continue;
          throw error;
        }
      }
    }
    return { pages: pages.map((p, i) => ({ ...p, number: i + 1 })), title: email.subject };
  }
  if (type.startsWith("text/") || type === "" || type === "application/xml") return selectPages(textToPages(new TextDecoder("utf-8").decode(bytes)), options.parsePages);
  throw new UnsupportedDocumentError(`Unsupported document type: ${mimeType}`);
}
