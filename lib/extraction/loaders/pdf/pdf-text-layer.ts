import type { PageViewport, PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { buildPage, type RawWord } from "../../layout/build-page";
import { dropOverprinted } from "../../layout/overprint";
import type { Page } from "../../types";
import { readFormFields } from "./pdf-form-fields";
import { loadPdfjs, standardFontDataUrl } from "./pdf-runtime";
import { timed, timedAsync } from "../../stage-timing";
import type { Matrix } from "./pdf-matrix";
import { readPdfiumWords, type PdfiumDocument } from "./pdfium-text-layer";

/**
 * Opens a PDF without evaluating code or fetching anything; embedded files are never read. A password-protected
 * file is an error that says so (pdfjs's own words are "No password given").
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdfjs transfers (detaches) the buffer it is given: hand it a copy so the caller's bytes survive.
  const data = new Uint8Array(bytes);
  try {
    return await pdfjs.getDocument({
      data,
      standardFontDataUrl,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") throw new Error("The PDF is password-protected; upload a copy without a password");
    throw error;
  }
}

function isTextItem(item: unknown): item is TextItem {
  return typeof item === "object" && item !== null && "str" in item && "transform" in item;
}

/** Splits a pdfjs text run into words; character widths are unknown, so offsets are proportional to length. */
function itemWords(text: string, x: number, y: number, width: number, height: number): RawWord[] {
  const words: RawWord[] = [];
  const charW = text.length > 0 ? width / text.length : 0;
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    words.push({ text: m[0], x: x + m.index * charW, y, w: m[0].length * charW, h: height, confidence: 1 });
  }
  return words;
}

/** The pdfjs reader: text runs from getTextContent, split into words with widths proportional to their length. */
export async function readPdfjsWords(page: PDFPageProxy, viewport: PageViewport): Promise<RawWord[]> {
  const pdfjs = await loadPdfjs();
  const content = await timedAsync("load › text layer (pdfjs)", () => page.getTextContent({ disableNormalization: true }));
  const words: RawWord[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || item.str.trim() === "") continue;
    const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined || f === undefined) continue;
    const fontH = Math.hypot(c, d) || Math.abs(item.height) || 10;
    const scaleX = Math.hypot(a, b) / (Math.hypot(item.transform[0] ?? 1, item.transform[1] ?? 0) || 1);
    const runW = Math.abs(item.width) * scaleX;
    if (Math.abs(b) > Math.abs(a)) {
      // Vertical text (stamps, margins): keep it, laid out along its own axis so it does not pollute rows.
      words.push(...itemWords(item.str, e, f, fontH, runW).map((w) => ({ ...w, w: fontH, h: runW })));
      continue;
    }
    words.push(...itemWords(item.str, e, f - fontH * 0.8, runW, fontH));
  }
  return words;
}

/**
 * Reads one page's text layer into the page model, in the page's displayed orientation (/Rotate applied). With
 * `pdfium` (PDF_TEXT_READER=pdfium) the words come from PDFium's per-character positions instead of pdfjs's runs;
 * the page's size, its form fields and everything else still come from pdfjs.
 */
export async function readPdfTextPage(doc: PDFDocumentProxy, pageNumber: number, pdfium?: { doc: PdfiumDocument; widths: "exact" | "pdfjs runs" } | null): Promise<Page> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const pdfiumWords = pdfium && pageNumber <= pdfium.doc.pageCount ? timed("load › text layer (pdfium)", () => readPdfiumWords(pdfium.doc, pageNumber - 1, viewport.transform as Matrix, pdfium.widths)) : [];
  // A page PDFium found no words on (one it could not parse, or a scan) is read by pdfjs as before: nothing is lost to
  // the faster reader, and a scan costs pdfjs little.
  const words = pdfiumWords.length > 0 ? pdfiumWords : await readPdfjsWords(page, viewport);
  const formFields = await timedAsync("load › form fields", () => readFormFields(page, viewport));
  page.cleanup();
  const built = timed("page model", () => buildPage(pageNumber, viewport.width, viewport.height, "text-layer", dropOverprinted(words)));
  return formFields.length > 0 ? { ...built, formFields } : built;
}
