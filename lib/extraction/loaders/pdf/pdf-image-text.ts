import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Box, Page, Word } from "../../types";
import { centreInside } from "../../layout/box";
import { mergeOcrWords, pageWords } from "../ocr/merge-ocr";
import { ocrPageImage, pngImage, type OcrEngine } from "../ocr/ocr-engines";
import type { PdfStreamSummary } from "./pdf-guard";
import { renderPdfRegion } from "./pdf-render";
import { mayHoldText, paintedImages, readImagePlacements, type ImagePlacements, type PaintedImage } from "./pdf-image-placements";
import type { Matrix } from "./pdf-matrix";
import { timedAsync } from "../../stage-timing";

/**
 * Text printed only inside images of a text-layer page (a company block pasted as a picture, stamped bank details,
 * a scanned region), read in `balanced` mode by OCR of the image's region alone.
 *
 * What it costs, cheapest filter first (figures on the 2-core dev machine under load, so upper bounds):
 * 1. Per document, nothing: the stream guard has already listed every image XObject's declared pixel size. A
 *    document none of whose images has the pixels to hold a line of text goes no further (text-only PDFs, and
 *    invoices whose only images are icons).
 * 2. For the other documents, one parse of the file's structure with pdf-lib: ~20 ms for a one-page invoice,
 *    0.2–0.3 s for a 6 MB file of 108 pages (its text layer: 2–4 s at the same load).
 * 3. Per page whose resources hold such an image (or a form), its content streams decoded and scanned for q, Q, cm
 *    and Do, which place each image: ~0.1 s for the 48 such pages of that file. pdfjs's operator list would say the
 *    same but costs about as much as reading the text again, as it decodes every image and builds every glyph: it is
 *    only the fallback when pdf-lib cannot read the file or a stream.
 * 4. Per image painted large enough to hold text, where the text layer has (almost) no words: a render of its region
 *    at 300 dpi and one OCR pass, about 0.1 s for a logo and 0.5 s for a 450 × 90 pt block of five lines.
 *    Readings are kept per image content and drawn size in a small process-wide cache, so a letterhead repeated on
 *    every page, or a document read again, is OCR'd once; at most MAX_REGIONS_PER_DOCUMENT regions are OCR'd per
 *    document.
 */

/** Smallest painted size (points) worth reading: a line of 8–10 pt text is ~12 pt high with its margins; small logos
 * and icons (the dev set's are under 120 pt wide) stay unread. */
const MIN_PAINTED_SHORT_PT = 20;
const MIN_PAINTED_LONG_PT = 120;
/** Images painted below ~72 dpi are too coarse for tesseract, whatever they show. */
const MIN_PX_PER_PT = 1;
/** An image whose area the text layer already covers with words beyond this share is a searchable scan or a
 * background: its text is in the text layer. */
const MAX_TEXT_COVER = 0.02;
/** Regions are rendered at 300 dpi: small print in pasted images reads better than at 200 (an IBAN line in a pasted company block). */
const REGION_DPI = 300;
/** OCR passes per document, bounding the time a document of many different images can take. */
const MAX_REGIONS_PER_DOCUMENT = 8;

/** Whether any image XObject of the document has the pixels to hold text: only then are operator lists read. */
export function documentMayHaveImageText(summary: PdfStreamSummary): boolean {
  return summary.images.some(mayHoldText);
}

/** Share of a box's area covered by text-layer words whose centre lies inside it. */
function textCover(box: Box, words: Word[]): number {
  let area = 0;
  for (const w of words) {
    if (centreInside(w.box, box)) area += w.box.w * w.box.h;
  }
  return area / Math.max(1e-9, box.w * box.h);
}

/** Whether a painted image is large and sharp enough to hold text the text layer does not have. */
export function worthReading(image: PaintedImage, textWords: Word[]): boolean {
  const shortPt = Math.min(image.widthPt, image.heightPt);
  const longPt = Math.max(image.widthPt, image.heightPt);
  if (shortPt < MIN_PAINTED_SHORT_PT || longPt < MIN_PAINTED_LONG_PT) return false;
  if (!mayHoldText(image.pixels)) return false;
  const pxPerPt = Math.min(Math.max(image.pixels.width, image.pixels.height) / longPt, Math.min(image.pixels.width, image.pixels.height) / shortPt);
  if (pxPerPt < MIN_PX_PER_PT) return false;
  return textCover(image.box, textWords) <= MAX_TEXT_COVER;
}

/** Readings of image regions, words in region fractions, by image content and drawn size (least recently used out). */
const readings = new Map<string, Word[]>();
const MAX_CACHED_READINGS = 128;

function remember(key: string, words: Word[]): void {
  readings.delete(key);
  readings.set(key, words);
  if (readings.size > MAX_CACHED_READINGS) readings.delete(readings.keys().next().value as string);
}

/** Forgets every cached reading (tests and benchmarks measuring the uncached cost). */
export function clearImageTextReadings(): void {
  readings.clear();
}

/** Region-relative boxes onto the page. */
function ontoPage(words: Word[], region: Box): Word[] {
  return words.map((w) => ({ ...w, box: { x: region.x + w.box.x * region.w, y: region.y + w.box.y * region.h, w: w.box.w * region.w, h: w.box.h * region.h } }));
}

/** Per-document state: where images are painted (null: ask pdfjs page by page), how many regions may still be OCR'd. */
export type ImageTextState = { placements: ImagePlacements | null; regions: number };

/**
 * The state for reading a document's image text, or null when no image of it has the pixels for text (read from
 * the stream guard's summary: no further cost).
 */
export async function prepareImageText(bytes: Uint8Array, summary: PdfStreamSummary, pageCount: number): Promise<ImageTextState | null> {
  if (!documentMayHaveImageText(summary)) return null;
  return { placements: await readImagePlacements(bytes, pageCount), regions: MAX_REGIONS_PER_DOCUMENT };
}

/** Images painted on a page: from the structure when it could be read, else from pdfjs's operator list. */
async function imagesOnPage(doc: PDFDocumentProxy, pageNumber: number, state: ImageTextState): Promise<PaintedImage[]> {
  if (state.placements) {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const placed = state.placements.placedOn(pageNumber, viewport.transform as Matrix, viewport);
    if (placed) return placed;
  }
  return paintedImages(doc, pageNumber);
}

/**
 * Adds the words of images on a text-layer page that hold text the text layer lacks (page source becomes `mixed`);
 * the page is returned as it is when no image qualifies.
 */
export async function addImageText(doc: PDFDocumentProxy, textPage: Page, state: ImageTextState, engine: OcrEngine): Promise<Page> {
  const textWords = pageWords(textPage);
  const candidates = (await timedAsync("load › image text › placements", () => imagesOnPage(doc, textPage.number, state))).filter((image) => worthReading(image, textWords));
  const found: Word[] = [];
  const seen = new Set<string>();
  for (const image of candidates) {
    if (seen.has(image.key)) continue;
    seen.add(image.key);
    // Readings differ by engine (the mode picks it), so the cache keeps them apart.
    const key = `${engine}:${image.key}`;
    let words = readings.get(key);
    if (words) remember(key, words);
    else {
      if (state.regions <= 0) continue;
      state.regions -= 1;
      const rendered = await renderPdfRegion(doc, textPage.number, image.box, REGION_DPI);
      const ocr = await ocrPageImage(pngImage(rendered.png, rendered), textPage.number, { engine, orient: false });
      words = pageWords(ocr);
      remember(key, words);
    }
    found.push(...ontoPage(words, image.box));
  }
  return found.length === 0 ? textPage : mergeOcrWords(textPage, found);
}
