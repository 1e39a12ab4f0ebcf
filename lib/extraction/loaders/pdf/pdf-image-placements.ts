import { createHash } from "node:crypto";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, ParseSpeeds } from "pdf-lib";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Box } from "../../types";
import { multiply, walkOperators, type Matrix } from "./pdf-matrix";
import { loadPdfjs } from "./pdf-runtime";

/**
 * Where a PDF's images are painted, for reading the text inside them (`pdf-image-text.ts`): from the content streams
 * with pdf-lib (q, Q, cm and Do only), or, as the fallback, from pdfjs's operator list, which costs about as much as
 * reading the page's text again.
 */

/** Fewest pixels (short side, long side) an image needs for a line of text: ~10 px letters, a few words. */
const MIN_IMAGE_SHORT_PX = 40;
const MIN_IMAGE_LONG_PX = 150;

type ImageSize = { width: number; height: number };

/** Whether an image has the pixels for a line of text. */
export const mayHoldText = (image: ImageSize) => Math.min(image.width, image.height) >= MIN_IMAGE_SHORT_PX && Math.max(image.width, image.height) >= MIN_IMAGE_LONG_PX;

const dimension = (dict: PDFDict, key: string) => {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
};

/** Streams' decoded bytes, or null for a filter pdf-lib cannot decode. */
function streamBytes(stream: PDFStream): Uint8Array | null {
  try {
    return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  } catch {
    return null;
  }
}

const isDelimiter = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

const isNumberStart = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/**
 * The `q`, `Q`, `cm` and `Do` operators of a content stream, in order, with their operands; everything else is
 * skipped (strings, hex strings, dictionaries, inline image data). Operators are recognised from their bytes and
 * numbers are parsed only for `cm`: text-heavy pages have thousands of tokens, a handful of them wanted.
 */
function* placementOperators(bytes: Uint8Array): Generator<{ op: string; numbers: number[]; name: string | null }> {
  // Spans of the last six numeric operands, as a ring.
  const starts: number[] = [0, 0, 0, 0, 0, 0];
  const ends: number[] = [0, 0, 0, 0, 0, 0];
  let count = 0;
  let nameStart = -1;
  let nameEnd = -1;
  const text = (from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");
  const operands = () => {
    const numbers: number[] = [];
    for (let k = Math.max(0, count - 6); k < count; k += 1) numbers.push(Number(text(starts[k % 6]!, ends[k % 6]!)));
    return numbers;
  };
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i]!;
    if (isSpace(c)) i += 1;
    else if (c === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i += 1;
    } else if (c === 0x28) {
      let depth = 0;
      for (; i < n; i += 1) {
        const d = bytes[i]!;
        if (d === 0x5c) i += 1;
        else if (d === 0x28) depth += 1;
        else if (d === 0x29 && --depth === 0) break;
      }
      i += 1;
    } else if (c === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i += 1;
      i += 1;
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && !isSpace(bytes[j]!) && !isDelimiter(bytes[j]!)) j += 1;
      nameStart = i + 1;
      nameEnd = j;
      i = j;
    } else if (isDelimiter(c)) i += c === 0x3c || c === 0x3e ? 2 : 1;
    else {
      let j = i;
      while (j < n && !isSpace(bytes[j]!) && !isDelimiter(bytes[j]!)) j += 1;
      if (isNumberStart(c)) {
        starts[count % 6] = i;
        ends[count % 6] = j;
        count += 1;
        i = j;
        continue;
      }
      const length = j - i;
      const second = bytes[i + 1];
      if (length === 1 && (c === 0x71 || c === 0x51)) yield { op: c === 0x71 ? "q" : "Q", numbers: [], name: null };
      else if (length === 2 && c === 0x63 && second === 0x6d) yield { op: "cm", numbers: operands(), name: null };
      else if (length === 2 && c === 0x44 && second === 0x6f && nameStart >= 0) {
        yield { op: "Do", numbers: [], name: text(nameStart, nameEnd).replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
      } else if (length === 2 && c === 0x49 && second === 0x44) {
        // Inline image data is binary: it ends at whitespace, "EI", whitespace.
        j += 1;
        while (j < n && !(isSpace(bytes[j]!) && bytes[j + 1] === 0x45 && bytes[j + 2] === 0x49 && (j + 3 >= n || isSpace(bytes[j + 3]!)))) j += 1;
        j += 3;
      }
      i = j;
      count = 0;
      nameStart = -1;
    }
  }
}

/** Whether a page's XObjects include an image with the pixels for text, or a form that might: else its content need
 * not be decoded. */
function mayPaintTextImage(doc: PDFDocument, resources: PDFDict | undefined): boolean {
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xobjects) return false;
  return xobjects.values().some((value) => {
    const object = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (!(object instanceof PDFStream)) return false;
    const subtype = object.dict.lookup(PDFName.of("Subtype"));
    return subtype === PDFName.of("Form") || (subtype === PDFName.of("Image") && mayHoldText({ width: dimension(object.dict, "Width"), height: dimension(object.dict, "Height") }));
  });
}

/** Nested forms followed at most this deep (forms may refer to themselves). */
const MAX_PLACEMENT_DEPTH = 6;

/** An image XObject as the structure walk found it: its pixels and a key of its encoded bytes. */
type StructureImage = { pixels: ImageSize; key: string };

/**
 * Images with the pixels for text painted by a content stream, each with the matrix mapping its unit square into
 * PDF user space; forms are followed with their own matrix and resources. Null when a stream cannot be decoded.
 */
function placeImages(doc: PDFDocument, contents: Uint8Array[], resources: PDFDict | undefined, base: Matrix, depth: number, out: Array<{ image: StructureImage; matrix: Matrix }>): boolean {
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xobjects) return true;
  const stack: Matrix[] = [];
  let ctm = base;
  for (const bytes of contents) {
    for (const { op, numbers, name } of placementOperators(bytes)) {
      if (op === "q") stack.push(ctm);
      else if (op === "Q") ctm = stack.pop() ?? ctm;
      else if (op === "cm" && numbers.length >= 6) ctm = multiply(ctm, numbers.slice(-6) as Matrix);
      else if (op === "Do" && name !== null) {
        const ref = xobjects.get(PDFName.of(name));
        const object = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
        if (!(object instanceof PDFStream)) continue;
        const subtype = object.dict.lookup(PDFName.of("Subtype"));
        if (subtype === PDFName.of("Image")) {
          const pixels = { width: dimension(object.dict, "Width"), height: dimension(object.dict, "Height") };
          if (!mayHoldText(pixels)) continue;
          const key = createHash("sha1").update(object.getContents()).digest("hex");
          out.push({ image: { pixels, key }, matrix: ctm });
        } else if (subtype === PDFName.of("Form") && depth < MAX_PLACEMENT_DEPTH) {
          const formMatrix = object.dict.lookupMaybe(PDFName.of("Matrix"), PDFArray);
          const values = formMatrix?.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : 0));
          const bytes = streamBytes(object);
          if (!bytes) return false;
          const formResources = object.dict.lookupMaybe(PDFName.of("Resources"), PDFDict) ?? resources;
          if (!placeImages(doc, [bytes], formResources, values?.length === 6 ? multiply(ctm, values as Matrix) : ctm, depth + 1, out)) return false;
        }
      }
    }
  }
  return true;
}

/**
 * Reads where a document's pages paint images with the pixels for text, from the file's structure and content
 * streams (pdf-lib), without pdfjs's operator lists, which decode every image and build every glyph.
 */
export type ImagePlacements = { placedOn(pageNumber: number, viewport: Matrix, size: { width: number; height: number }): PaintedImage[] | null };

export async function readImagePlacements(bytes: Uint8Array, pageCount: number): Promise<ImagePlacements | null> {
  let doc: PDFDocument;
  try {
    // Parsed in one go: pdf-lib's default yields to the event loop (a setTimeout) every 100 objects, which in the
    // extraction's own worker thread only adds idle time (a 1 ms timer turn per 100 objects).
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest });
  } catch {
    return null;
  }
  const pages = doc.getPages();
  if (pages.length !== pageCount) return null;
  return {
    placedOn(pageNumber, viewport, size) {
      const node = pages[pageNumber - 1]?.node;
      if (!node) return null;
      try {
        const resources = node.Resources();
        if (!mayPaintTextImage(doc, resources)) return [];
        const contents = node.Contents();
        const streams = contents instanceof PDFArray ? contents.asArray().map((v) => doc.context.lookup(v)) : [contents];
        const decoded: Uint8Array[] = [];
        for (const stream of streams) {
          if (!(stream instanceof PDFStream)) continue;
          const data = streamBytes(stream);
          if (!data) return null;
          decoded.push(data);
        }
        const placed: Array<{ image: StructureImage; matrix: Matrix }> = [];
        if (!placeImages(doc, decoded, resources, viewport, 0, placed)) return null;
        return placed.flatMap(({ image, matrix }) => {
          const box = unitSquareBox(matrix, size);
          return box ? [{ ...box, pixels: image.pixels, key: `${image.key}:${drawnKey(matrix)}` }] : [];
        });
      } catch {
        return null;
      }
    },
  };
}

/** The drawn size and orientation of an image, for the reading cache. */
const drawnKey = (m: Matrix) => `${Math.round(Math.hypot(m[0], m[1]))}x${Math.round(Math.hypot(m[2], m[3]))}:${Math.sign(m[0])}${Math.sign(m[1])}${Math.sign(m[2])}${Math.sign(m[3])}`;

/** Where the unit square lands on the page (clipped to it), or null when it lands outside. */
function unitSquareBox(m: Matrix, size: { width: number; height: number }): Pick<PaintedImage, "box" | "widthPt" | "heightPt"> | null {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  const left = Math.max(0, Math.min(...xs));
  const right = Math.min(size.width, Math.max(...xs));
  const top = Math.max(0, Math.min(...ys));
  const bottom = Math.min(size.height, Math.max(...ys));
  if (right <= left || bottom <= top) return null;
  return { box: { x: left / size.width, y: top / size.height, w: (right - left) / size.width, h: (bottom - top) / size.height }, widthPt: right - left, heightPt: bottom - top };
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
    const paints = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
    walkOperators(ops, OPS, viewport.transform as Matrix, (fn, args, ctm, i) => {
      if (!paints.has(fn) || !args) return;
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
      if (right <= left || bottom <= top) return;
      const widthPt = right - left;
      const heightPt = bottom - top;
      const key = `${contentKey(object, `${pageNumber}:${i}`)}:${Math.round(Math.hypot(ctm[0], ctm[1]))}x${Math.round(Math.hypot(ctm[2], ctm[3]))}:${Math.sign(ctm[0])}${Math.sign(ctm[1])}${Math.sign(ctm[2])}${Math.sign(ctm[3])}`;
      images.push({ box: { x: left / viewport.width, y: top / viewport.height, w: widthPt / viewport.width, h: heightPt / viewport.height }, widthPt, heightPt, pixels, key });
    });
    return images;
  } finally {
    page.cleanup();
  }
}

