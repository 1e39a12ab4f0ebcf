import { createHash } from "node:crypto";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Box, Page, Word } from "../types";
import { mergeOcrWords } from "./merge-ocr";
import { ocrImage } from "./ocr";
import type { PdfStreamSummary } from "./pdf-guard";
import { renderPdfRegion } from "./pdf-render";
import { loadPdfjs } from "./pdf-runtime";

/**
 * Text printed only inside images of a text-layer page (a company block pasted as a picture, stamped bank details,
 * a scanned region), read in `balanced` mode by OCR of the image's region alone.
 *
 * What it costs, cheapest filter first:
 * 1. Per document, nothing: the stream guard has already listed every image XObject's declared pixel size. A
 *    document none of whose images has the pixels to hold a line of text reads no operator list at all (most
 *    generated invoices, and every text-only PDF).
 * 2. Per page of the other documents, the page's operator list (about the cost of reading its text again, plus
 *    decoding its images), to learn where each image is painted and how large.
 * 3. Per image painted large enough to hold text, where the text layer has (almost) no words: a render of its region
 *    at 300 dpi and one OCR pass, about 0.1 s for a logo and 0.5 s for a 450 × 90 pt block of five lines.
 *    Readings are kept per image content and drawn size in a small process-wide cache, so a letterhead repeated on
 *    every page, or a document read again, is OCR'd once; at most MAX_REGIONS_PER_DOCUMENT regions are OCR'd per
 *    document.
 */

/** Fewest pixels (short side, long side) an image needs for a line of text: ~10 px letters, a few words. */
const MIN_IMAGE_SHORT_PX = 40;
const MIN_IMAGE_LONG_PX = 150;
/** Smallest painted size (points) worth reading: a line of 8–10 pt text is ~12 pt high with its margins; small logos
 * and icons (the dev set's are under 120 pt wide) stay unread. */
const MIN_PAINTED_SHORT_PT = 20;
const MIN_PAINTED_LONG_PT = 120;
/** Images painted below ~72 dpi are too coarse for tesseract, whatever they show. */
const MIN_PX_PER_PT = 1;
/** An image whose area the text layer already covers with words beyond this share is a searchable scan or a
 * background: its text is in the text layer. */
const MAX_TEXT_COVER = 0.02;
/** Regions are rendered at 300 dpi: small print in pasted images reads better than at 200 (saeco's IBAN line). */
const REGION_DPI = 300;
/** OCR passes per document, bounding the time a document of many different images can take. */
const MAX_REGIONS_PER_DOCUMENT = 8;

type ImageSize = { width: number; height: number };

const mayHoldText = (image: ImageSize) => Math.min(image.width, image.height) >= MIN_IMAGE_SHORT_PX && Math.max(image.width, image.height) >= MIN_IMAGE_LONG_PX;

/** Whether any image XObject of the document has the pixels to hold text: only then are operator lists read. */
export function documentMayHaveImageText(summary: PdfStreamSummary): boolean {
  return summary.images.some(mayHoldText);
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** An image as painted on the page: its box (page fractions, displayed orientation), pixels and content key. */
export type PaintedImage = { box: Box; widthPt: number; heightPt: number; pixels: ImageSize; key: string };

type ImageObject = { width?: number; height?: number; data?: Uint8Array | Uint8ClampedArray };

function isImageObject(value: unknown): value is ImageObject {
  return typeof value === "object" && value !== null && "width" in value && "height" in value;
}

/** The content of an image, for the reading cache: its decoded pixels' hash, or its pdfjs id when pdfjs kept none. */
function contentKey(image: ImageObject | null, fallback: string): string {
  if (!image?.data) return fallback;
  return createHash("sha1").update(image.data).digest("hex");
}

type ObjectStore = { has(id: string): boolean; get(id: string): unknown };

/** Images painted on a page, from its operator list (forms' matrices and nested saves applied). */
export async function paintedImages(doc: PDFDocumentProxy, pageNumber: number): Promise<PaintedImage[]> {
  const { OPS } = await loadPdfjs();
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    const stores = page as unknown as { objs: ObjectStore; commonObjs: ObjectStore };
    const lookup = (id: string): ImageObject | null => {
      const store = id.startsWith("g_") ? stores.commonObjs : stores.objs;
      if (!store.has(id)) return null;
      const value = store.get(id);
      return isImageObject(value) ? value : null;
    };
    const images: PaintedImage[] = [];
    const stack: Matrix[] = [];
    let ctm = viewport.transform as Matrix;
    for (let i = 0; i < ops.fnArray.length; i += 1) {
      const fn = ops.fnArray[i];
      const args = ops.argsArray[i] as unknown[] | null;
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform && args) ctm = multiply(ctm, args as Matrix);
      else if (fn === OPS.paintFormXObjectBegin && args) {
        stack.push(ctm);
        if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) ctm = multiply(ctm, Array.from(args[0] as ArrayLike<number>) as Matrix);
      } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
      else if ((fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) && args) {
        // An image fills the unit square of the current matrix.
        const object = typeof args[0] === "string" ? lookup(args[0]) : isImageObject(args[0]) ? args[0] : null;
        const pixels = typeof args[0] === "string" ? { width: Number(args[1]), height: Number(args[2]) } : { width: object?.width ?? 0, height: object?.height ?? 0 };
        const corners = [
          [ctm[4], ctm[5]],
          [ctm[0] + ctm[4], ctm[1] + ctm[5]],
          [ctm[2] + ctm[4], ctm[3] + ctm[5]],
          [ctm[0] + ctm[2] + ctm[4], ctm[1] + ctm[3] + ctm[5]],
        ] as const;
        const left = Math.max(0, Math.min(...corners.map((c) => c[0])));
        const right = Math.min(viewport.width, Math.max(...corners.map((c) => c[0])));
        const top = Math.max(0, Math.min(...corners.map((c) => c[1])));
        const bottom = Math.min(viewport.height, Math.max(...corners.map((c) => c[1])));
        if (right <= left || bottom <= top) continue;
        const widthPt = right - left;
        const heightPt = bottom - top;
        const key = `${contentKey(object, `${pageNumber}:${i}`)}:${Math.round(Math.hypot(ctm[0], ctm[1]))}x${Math.round(Math.hypot(ctm[2], ctm[3]))}:${Math.sign(ctm[0])}${Math.sign(ctm[1])}${Math.sign(ctm[2])}${Math.sign(ctm[3])}`;
        images.push({ box: { x: left / viewport.width, y: top / viewport.height, w: widthPt / viewport.width, h: heightPt / viewport.height }, widthPt, heightPt, pixels, key });
      }
    }
    return images;
  } finally {
    page.cleanup();
  }
}

function pageWords(page: Page): Word[] {
  return page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
}

/** Share of a box's area covered by text-layer words whose centre lies inside it. */
function textCover(box: Box, words: Word[]): number {
  let area = 0;
  for (const w of words) {
    const cx = w.box.x + w.box.w / 2;
    const cy = w.box.y + w.box.h / 2;
    if (cx >= box.x && cx <= box.x + box.w && cy >= box.y && cy <= box.y + box.h) area += w.box.w * w.box.h;
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

/** Region-relative boxes onto the page. */
function ontoPage(words: Word[], region: Box): Word[] {
  return words.map((w) => ({ ...w, box: { x: region.x + w.box.x * region.w, y: region.y + w.box.y * region.h, w: w.box.w * region.w, h: w.box.h * region.h } }));
}

/** Per-document state: how many regions may still be OCR'd. */
export type ImageTextBudget = { regions: number };

export const newImageTextBudget = (): ImageTextBudget => ({ regions: MAX_REGIONS_PER_DOCUMENT });

/**
 * Adds the words of images on a text-layer page that hold text the text layer lacks (page source becomes `mixed`);
 * the page is returned as it is when no image qualifies.
 */
export async function addImageText(doc: PDFDocumentProxy, textPage: Page, budget: ImageTextBudget): Promise<Page> {
  const textWords = pageWords(textPage);
  const candidates = (await paintedImages(doc, textPage.number)).filter((image) => worthReading(image, textWords));
  const found: Word[] = [];
  const seen = new Set<string>();
  for (const image of candidates) {
    if (seen.has(image.key)) continue;
    seen.add(image.key);
    let words = readings.get(image.key);
    if (words) remember(image.key, words);
    else {
      if (budget.regions <= 0) continue;
      budget.regions -= 1;
      const rendered = await renderPdfRegion(doc, textPage.number, image.box, REGION_DPI);
      const ocr = await ocrImage(rendered.png, rendered, textPage.number);
      words = pageWords(ocr);
      remember(image.key, words);
    }
    found.push(...ontoPage(words, image.box));
  }
  return found.length === 0 ? textPage : mergeOcrWords(textPage, found);
}
