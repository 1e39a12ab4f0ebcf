import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { buildPage, type RawWord } from "../../layout/build-page";
import type { Page } from "../../types";
import { readFormFields } from "./pdf-form-fields";
import { loadPdfjs, standardFontDataUrl } from "./pdf-runtime";
import { timed, timedAsync } from "../../stage-timing";
import { withoutOverprints } from "./overprinted-runs";

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

/** Reads one page's text layer into the page model, in the page's displayed orientation (/Rotate applied). */
export async function readPdfTextPage(doc: PDFDocumentProxy, pageNumber: number): Promise<Page> {
  const pdfjs = await loadPdfjs();
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await timedAsync("load › text layer (pdfjs)", () => page.getTextContent({ disableNormalization: true }));
  type Run = { str: string; x: number; y: number; size: number; runW: number; vertical: boolean };
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || item.str.trim() === "") continue;
    const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined || f === undefined) continue;
    const fontH = Math.hypot(c, d) || Math.abs(item.height) || 10;
    const scaleX = Math.hypot(a, b) / (Math.hypot(item.transform[0] ?? 1, item.transform[1] ?? 0) || 1);
    runs.push({ str: item.str, x: e, y: f, size: fontH, runW: Math.abs(item.width) * scaleX, vertical: Math.abs(b) > Math.abs(a) });
  }
  const words: RawWord[] = [];
  // Fake bold: a run drawn again a fraction of a point aside is read once (overprinted-runs.ts).
  for (const { str, x, y, size, runW, vertical } of withoutOverprints(runs)) {
    // Vertical text (stamps, margins): keep it, laid out along its own axis so it does not pollute rows.
    if (vertical) words.push(...itemWords(str, x, y, size, runW).map((w) => ({ ...w, w: size, h: runW })));
    else words.push(...itemWords(str, x, y - size * 0.8, runW, size));
  }
  const formFields = await timedAsync("load › form fields", () => readFormFields(page, viewport));
  page.cleanup();
  const built = timed("page model", () => buildPage(pageNumber, viewport.width, viewport.height, "text-layer", words));
  return formFields.length > 0 ? { ...built, formFields } : built;
}
