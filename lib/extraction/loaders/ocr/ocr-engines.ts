import type { Canvas } from "@napi-rs/canvas";
import { buildPage, type RawWord } from "../../layout/build-page";
import { readWithPaddle } from "../../ocr/paddle/read-page";
import type { DataExtractionMode, Page } from "../../types";
import { ocrImage, type ImageSize } from "./ocr";
import { combineReadings } from "./ocr-combine";
import { ocrImageUpright } from "./ocr-orientation";
import { repairOcrWords } from "./ocr-repair";
import { MIN_WORD_CONFIDENCE } from "./ocr-reread";

/**
 * Which OCR engine reads a page image. `tesseract` (tesseract.js LSTM, with its second looks), `paddle` (PP-OCRv4
 * through onnxruntime-node, ocr/paddle/) or `combined` (both; see ocr-combine.ts). The choice follows
 * `dataExtractionMode` (see the README for the measurements behind it); `OCR_ENGINE` overrides it for benchmarks and
 * for operators who must pin one engine.
 */
export type OcrEngine = "tesseract" | "paddle" | "combined";

export const OCR_ENGINES: readonly OcrEngine[] = ["tesseract", "paddle", "combined"];

export function ocrEngineFor(mode: DataExtractionMode): OcrEngine {
  const pinned = process.env.OCR_ENGINE?.trim().toLowerCase();
  if (pinned && (OCR_ENGINES as readonly string[]).includes(pinned)) return pinned as OcrEngine;
  return mode === "accurate" ? "combined" : "paddle";
}

/** A page image to read: its size, its PNG bytes on demand, and its decoded pixels when the loader has them. */
export type OcrImage = ImageSize & { png: () => Promise<Uint8Array>; pixels?: Canvas };

/** An already encoded page image (a rendered PDF page or region). */
export function pngImage(png: Uint8Array, size: ImageSize): OcrImage {
  return { width: size.width, height: size.height, png: () => Promise.resolve(png) };
}

export type OcrPageOptions = {
  engine: OcrEngine;
  /** Find the page's orientation first (image files, scanned PDF pages); regions of a page keep the page's. */
  orient: boolean;
};

/** PP-OCR's words made into a page, after the same repairs tesseract's words get. */
async function paddlePage(image: OcrImage, pageNumber: number, orient: boolean): Promise<Page> {
  const reading = await readWithPaddle(image.pixels ?? (await image.png()), { orient });
  const words: RawWord[] = reading.words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE);
  return { ...buildPage(pageNumber, reading.width, reading.height, "ocr", repairOcrWords(words)), rotation: reading.rotation };
}

async function tesseractPage(image: OcrImage, pageNumber: number, orient: boolean): Promise<Page> {
  const png = await image.png();
  const size = { width: image.width, height: image.height };
  return orient ? ocrImageUpright(png, size, pageNumber) : ocrImage(png, size, pageNumber);
}

/** OCRs one page image with the engine asked for; boxes are page fractions of the (upright) page. */
export async function ocrPageImage(image: OcrImage, pageNumber: number, options: OcrPageOptions): Promise<Page> {
  if (options.engine === "tesseract") return tesseractPage(image, pageNumber, options.orient);
  const paddle = await paddlePage(image, pageNumber, options.orient);
  if (options.engine === "paddle") return paddle;
  const tesseract = await tesseractPage(image, pageNumber, options.orient);
  return combineReadings(paddle, tesseract);
}
