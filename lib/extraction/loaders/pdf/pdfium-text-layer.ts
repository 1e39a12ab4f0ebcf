import type { RawWord } from "../../layout/build-page";
import { apply, type Matrix } from "./pdf-matrix";
import { spreadOverRuns, type RunWord } from "./pdfium-runs";
import { heaps, loadPdfium, type Pdfium } from "./pdfium-runtime";

/**
 * A PDF's text layer read by PDFium: words from real per-character positions (pdfjs gives runs, and the pdfjs
 * reader spreads a run's width over its characters in proportion to their count). Words come out in the same
 * convention as the pdfjs reader (pdf-text-layer.ts): page display space (crop box and /Rotate applied, origin top
 * left, y down), y the top of the word and h the font height, the baseline at 80% of it.
 */
export type PdfiumDocument = { pdfium: Pdfium; handle: number; bytesPtr: number; pageCount: number; scratch: number };

/** A font's ascent as a share of its size, the pdfjs reader's convention for where the word box starts above its baseline. */
const ASCENT = 0.8;
/**
 * A gap between two characters wider than this share of the font size separates words even when PDFium put no space
 * there: pdfjs's own threshold for a space in the flow of text (SPACE_IN_FLOW_MIN_FACTOR, also its tracking
 * threshold), so that both readers cut the same words; the engine's rules and models were built on pdfjs readings.
 */
const WORD_GAP = 0.102;
/**
 * The gap that separates words when PDFium has only a glyph's ink for its box (a font without ascent and descent,
 * Type 3 fonts among them: FPDFText_GetLooseCharBox then falls back on the tight box). The side bearings of two letters
 * then sit in every gap, up to about a seventh of the size; a space adds a quarter or more.
 */
const INK_WORD_GAP = 0.35;
/** A character whose baseline moved this share of the font height across the writing direction starts a new word. */
const BASELINE_SHIFT = 0.5;

/** Opens a PDF for PDFium; the bytes are copied into the wasm heap and stay there until `closePdfium`. */
export async function openPdfium(bytes: Uint8Array): Promise<PdfiumDocument> {
  const pdfium = await loadPdfium();
  const bytesPtr = pdfium.pdfium.wasmExports.malloc(Math.max(1, bytes.length));
  heaps(pdfium).HEAPU8.set(bytes, bytesPtr);
  const handle = pdfium.FPDF_LoadMemDocument(bytesPtr, bytes.length, "");
  if (!handle) {
    const code = pdfium.FPDF_GetLastError();
    pdfium.pdfium.wasmExports.free(bytesPtr);
    throw new Error(code === 4 ? "The PDF is password-protected; upload a copy without a password" : `PDFium could not open the PDF (error ${code})`);
  }
  const scratch = pdfium.pdfium.wasmExports.malloc(64);
  return { pdfium, handle, bytesPtr, pageCount: pdfium.FPDF_GetPageCount(handle), scratch };
}

export function closePdfium(doc: PdfiumDocument): void {
  doc.pdfium.FPDF_CloseDocument(doc.handle);
  doc.pdfium.pdfium.wasmExports.free(doc.bytesPtr);
  doc.pdfium.pdfium.wasmExports.free(doc.scratch);
}

/**
 * User space to display space, as pdfjs's PageViewport at scale 1 builds it: the visible box (crop box within the
 * media box) moved to the origin, y flipped, /Rotate applied. `box` is [left, bottom, right, top].
 */
export function displayTransform(box: [number, number, number, number], rotation: number): Matrix {
  const [x0, y0, x1, y1] = box;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const turn = (((rotation % 360) + 360) % 360) / 90;
  const [a, b, c, d] = ([[1, 0, 0, -1], [0, 1, 1, 0], [-1, 0, 0, 1], [0, -1, -1, 0]] as const)[turn] ?? [1, 0, 0, -1];
  const [offsetX, offsetY] = a === 0 ? [Math.abs(cy - y0), Math.abs(cx - x0)] : [Math.abs(cx - x0), Math.abs(cy - y0)];
  return [a, b, c, d, offsetX - a * cx - c * cy, offsetY - b * cx - d * cy];
}

type PageGeometry = { transform: Matrix; width: number; height: number };

function loadedPageGeometry(doc: PdfiumDocument, page: number): PageGeometry {
  const { pdfium, scratch } = doc;
  pdfium.FPDF_GetPageBoundingBox(page, scratch);
  const [left = 0, top = 0, right = 0, bottom = 0] = heaps(pdfium).HEAPF32.subarray(scratch / 4, scratch / 4 + 4);
  const rotation = pdfium.FPDFPage_GetRotation(page) * 90;
  const [w, h] = [right - left, top - bottom];
  return { transform: displayTransform([left, bottom, right, top], rotation), width: rotation % 180 === 0 ? w : h, height: rotation % 180 === 0 ? h : w };
}

/** The page's own display transform and size, from PDFium's visible box and rotation (for use without pdfjs). */
export function pdfiumPageGeometry(doc: PdfiumDocument, pageIndex: number): PageGeometry {
  const page = doc.pdfium.FPDF_LoadPage(doc.handle, pageIndex);
  try {
    return loadedPageGeometry(doc, page);
  } finally {
    doc.pdfium.FPDF_ClosePage(page);
  }
}

/**
 * One word being gathered, in display space: its characters' extent, the writing axis and sense, the leading end
 * reached so far along that axis, its first character's centre across it, and its baseline (horizontal words).
 */
type OpenWord = { font: string; ink: boolean; text: string; minX: number; maxX: number; minY: number; maxY: number; fontH: number; vertical: boolean; sense: number; lead: number; centre: number; baseline: number };
type CharBox = { minX: number; maxX: number; minY: number; maxY: number };

/** PDFium's code for a hyphen it found at a line's end (FPDFText_IsHyphen): printed as a hyphen, read as one. */
const HYPHEN_MARK = 2;

/** What the pdfjs reader's `\S+` treats as a space, plus control characters (PDFium's generated line breaks). */
const isSpace = (code: number) => code <= 32 || code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;

/** A word's first character: its writing direction and font height come from the text object's matrix and size. */
function startWord(doc: PdfiumDocument, textPage: number, index: number, toDisplay: Matrix, text: string, box: CharBox, font: string, ink: boolean): OpenWord {
  const { pdfium, scratch } = doc;
  pdfium.FPDFText_GetMatrix(textPage, index, scratch);
  const f32 = heaps(pdfium).HEAPF32;
  const [a = 1, b = 0, c = 0, d = 1] = f32.subarray(scratch / 4, scratch / 4 + 4);
  const size = pdfium.FPDFText_GetFontSize(textPage, index);
  pdfium.FPDFText_GetCharOrigin(textPage, index, scratch, scratch + 8);
  const f64 = heaps(pdfium).HEAPF64;
  const [originX, originY] = apply(toDisplay, f64[scratch / 8] ?? 0, f64[scratch / 8 + 1] ?? 0);
  const linear: Matrix = [toDisplay[0], toDisplay[1], toDisplay[2], toDisplay[3], 0, 0];
  const [ux, uy] = apply(linear, a, b);
  const [vx, vy] = apply(linear, c, d);
  const vertical = Math.abs(uy) > Math.abs(ux);
  const looseAcross = vertical ? box.maxX - box.minX : box.maxY - box.minY;
  const fontH = size * Math.hypot(vx, vy) || looseAcross / 1.2 || 10;
  const sense = (vertical ? uy : ux) < 0 ? -1 : 1;
  const lead = sense > 0 ? (vertical ? box.maxY : box.maxX) : vertical ? box.minY : box.minX;
  const centre = vertical ? (box.minX + box.maxX) / 2 : (box.minY + box.maxY) / 2;
  return { font, ink, text, ...box, fontH, vertical, sense, lead, centre, baseline: vertical ? originX : originY };
}

/**
 * Whether a character carries on the open word: the same font and size (pdfjs starts a new run at a change of
 * font, so a bold label glued to its value is two words there), no gap wider than WORD_GAP, no step back, no baseline
 * jump.
 */
function continues(word: OpenWord, box: CharBox, font: string, ink: boolean): boolean {
  if (font !== word.font) return false;
  const wordGap = (ink || word.ink ? INK_WORD_GAP : WORD_GAP) * word.fontH;
  const [low, high] = word.vertical ? [box.minY, box.maxY] : [box.minX, box.maxX];
  const gap = word.sense > 0 ? low - word.lead : word.lead - high;
  const centre = word.vertical ? (box.minX + box.maxX) / 2 : (box.minY + box.maxY) / 2;
  return gap < wordGap && gap >= -word.fontH && Math.abs(centre - word.centre) <= BASELINE_SHIFT * word.fontH;
}

function extend(word: OpenWord, text: string, box: CharBox): void {
  word.text += text;
  word.minX = Math.min(word.minX, box.minX);
  word.maxX = Math.max(word.maxX, box.maxX);
  word.minY = Math.min(word.minY, box.minY);
  word.maxY = Math.max(word.maxY, box.maxY);
  word.lead = word.sense > 0 ? (word.vertical ? word.maxY : word.maxX) : word.vertical ? word.minY : word.minX;
}

/**
 * A font's base name: pdfjs starts a new run when the font's name changes, not when a second resource or subset of
 * the same font takes over (some generators switch between two copies of one font from glyph to glyph).
 */
function fontName(pdfium: Pdfium, handle: number): string {
  if (!handle) return "";
  const buffer = pdfium.pdfium.wasmExports.malloc(256);
  try {
    const length = pdfium.FPDFFont_GetBaseFontName(handle, buffer, 256);
    // A font without a name (Type 3) is like any other nameless one, as for pdfjs.
    return length > 0 ? pdfium.pdfium.UTF8ToString(buffer) : "";
  } finally {
    pdfium.pdfium.wasmExports.free(buffer);
  }
}

/** Whether PDFium's loose box of a character is its ink box (no ascent and descent to build it from). */
function inkOnly(pdfium: Pdfium, textPage: number, index: number, scratch: number): boolean {
  if (!pdfium.FPDFText_GetLooseCharBox(textPage, index, scratch)) return false;
  const [left = 0, top = 0, right = 0, bottom = 0] = heaps(pdfium).HEAPF32.subarray(scratch / 4, scratch / 4 + 4);
  if (!pdfium.FPDFText_GetCharBox(textPage, index, scratch, scratch + 8, scratch + 16, scratch + 24)) return false;
  const [l = 0, r = 0, b = 0, t = 0] = heaps(pdfium).HEAPF64.subarray(scratch / 8, scratch / 8 + 4);
  const near = (x: number, y: number) => Math.abs(x - y) < 0.01;
  return near(left, l) && near(right, r) && near(top, t) && near(bottom, b);
}

function toRunWord(word: OpenWord): RunWord {
  const { font, vertical, baseline } = word;
  if (vertical) return { font, vertical, baseline, word: { text: word.text, x: (word.minX + word.maxX) / 2 - word.fontH / 2, y: word.minY, w: word.fontH, h: word.maxY - word.minY, confidence: 1 } };
  return { font, vertical, baseline, word: { text: word.text, x: word.minX, y: baseline - word.fontH * ASCENT, w: word.maxX - word.minX, h: word.fontH, confidence: 1 } };
}

/**
 * Reads one page's words. `toDisplay` maps user space to the page's display space (pdfjs's viewport transform, which
 * also applies a /UserUnit PDFium ignores); without it, PDFium's own crop box and rotation give it. Words split at
 * spaces and line breaks (the file's and those PDFium generates), at a change of font, at a gap wider than WORD_GAP
 * font sizes and at a baseline jump; vertical text is kept along its own axis, as the pdfjs
 * reader keeps it (w the font height, h the length), so it joins no row of horizontal text. `widths: "pdfjs runs"`
 * gives the words pdfjs's proportional boxes instead (pdfium-runs.ts).
 */
export function readPdfiumWords(doc: PdfiumDocument, pageIndex: number, pdfjsTransform?: Matrix, widths: "exact" | "pdfjs runs" = "exact"): RawWord[] {
  const { pdfium, scratch } = doc;
  const page = pdfium.FPDF_LoadPage(doc.handle, pageIndex);
  // A page PDFium cannot parse has no words for it (pdfjs may still read it: the pdfjs reader is the default).
  if (!page) return [];
  const geometry = loadedPageGeometry(doc, page);
  const toDisplay = pdfjsTransform ?? geometry.transform;
  const textPage = pdfium.FPDFText_LoadPage(page);
  const words: RunWord[] = [];
  let open: OpenWord | null = null;
  let textObject = -1;
  let font = "";
  let ink = false;
  const fonts = new Map<number, { name: string; ink: boolean }>();
  try {
    const count = pdfium.FPDFText_CountChars(textPage);
    for (let index = 0; index < count; index += 1) {
      const code = pdfium.FPDFText_GetUnicode(textPage, index);
      if ((isSpace(code) && code !== HYPHEN_MARK) || !pdfium.FPDFText_GetLooseCharBox(textPage, index, scratch)) {
        if (open) words.push(toRunWord(open));
        open = null;
        continue;
      }
      const f32 = heaps(pdfium).HEAPF32;
      const [left = 0, top = 0, right = 0, bottom = 0] = f32.subarray(scratch / 4, scratch / 4 + 4);
      const [ax, ay] = apply(toDisplay, left, top);
      const [bx, by] = apply(toDisplay, right, bottom);
      const box: CharBox = { minX: Math.min(ax, bx), maxX: Math.max(ax, bx), minY: Math.min(ay, by), maxY: Math.max(ay, by) };
      // The font and its size, looked up once per text object (a run of characters drawn by one operator).
      const object = pdfium.FPDFText_GetTextObject(textPage, index);
      if (object !== textObject) {
        textObject = object;
        const handle = object ? pdfium.FPDFTextObj_GetFont(object) : 0;
        let known = fonts.get(handle);
        if (!known) {
          // Whether boxes are ink only is the font's (no ascent and descent): tested once, on its first character.
          known = { name: fontName(pdfium, handle), ink: inkOnly(pdfium, textPage, index, scratch) };
          fonts.set(handle, known);
        }
        font = `${known.name}@${pdfium.FPDFText_GetFontSize(textPage, index)}`;
        ink = known.ink;
      }
      const text = code === HYPHEN_MARK ? "-" : String.fromCodePoint(code > 0x10ffff ? 0xfffd : code);
      if (open && continues(open, box, font, ink)) {
        extend(open, text, box);
        continue;
      }
      if (open) words.push(toRunWord(open));
      open = startWord(doc, textPage, index, toDisplay, text, box, font, ink);
    }
    if (open) words.push(toRunWord(open));
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
  // Text drawn wholly outside the visible box is not on the page as shown (pdfjs's reading leaves it out too).
  const visible = words.filter(({ word: w }) => w.x + w.w > 0 && w.x < geometry.width && w.y + w.h > 0 && w.y < geometry.height);
  return widths === "exact" ? visible.map((w) => w.word) : spreadOverRuns(visible);
}


