import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Rulings } from "../../types";
import { loadPdfjs } from "./pdf-runtime";
import { apply, walkOperators, type Matrix } from "./pdf-matrix";

/** Lines thinner than this (in points) and at least MIN_LENGTH long are rulings. */
const MAX_THICKNESS = 2.5;
const MIN_LENGTH = 8;

/**
 * Table rulings of a page from its drawing operators: thin filled rectangles and stroked lines become vertical or
 * horizontal rules, stroked rectangles contribute their four edges. Coordinates are page fractions, origin
 * top-left, in the displayed orientation. Reading operators costs about as much as reading text, so this only
 * runs when advanced table extraction is on.
 */
export async function readPdfRulings(doc: PDFDocumentProxy, pageNumber: number): Promise<Rulings> {
  const pdfjs = await loadPdfjs();
  const { OPS } = pdfjs;
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const ops = await page.getOperatorList();
  const rulings: Rulings = { vertical: [], horizontal: [] };
  const strokes = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const addBox = (ctm: Matrix, x1: number, y1: number, x2: number, y2: number, stroked: boolean) => {
    const [ax, ay] = apply(ctm, x1, y1);
    const [bx, by] = apply(ctm, x2, y2);
    const left = Math.min(ax, bx);
    const right = Math.max(ax, bx);
    const top = Math.min(ay, by);
    const bottom = Math.max(ay, by);
    const w = right - left;
    const h = bottom - top;
    const fx = (x: number) => x / viewport.width;
    const fy = (y: number) => y / viewport.height;
    if (w <= MAX_THICKNESS && h >= MIN_LENGTH) rulings.vertical.push({ x: fx((left + right) / 2), y1: fy(top), y2: fy(bottom) });
    else if (h <= MAX_THICKNESS && w >= MIN_LENGTH) rulings.horizontal.push({ y: fy((top + bottom) / 2), x1: fx(left), x2: fx(right) });
    else if (stroked && w >= MIN_LENGTH && h >= MIN_LENGTH) {
      rulings.vertical.push({ x: fx(left), y1: fy(top), y2: fy(bottom) }, { x: fx(right), y1: fy(top), y2: fy(bottom) });
      rulings.horizontal.push({ y: fy(top), x1: fx(left), x2: fx(right) }, { y: fy(bottom), x1: fx(left), x2: fx(right) });
    }
  };
  // Forms' matrices apply too: a table drawn inside a form XObject keeps its place on the page.
  walkOperators(ops, OPS, viewport.transform as Matrix, (fn, args, ctm) => {
    if (fn !== OPS.constructPath || !args) return;
    const bbox = args[2] as ArrayLike<number> | null;
    if (bbox && bbox.length >= 4) addBox(ctm, bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!, strokes.has(args[0] as number));
  });
  page.cleanup();
  return rulings;
}
