import path from "node:path";
import { createWorker, OEM, PSM, type RecognizeOptions, type RecognizeResult, type Worker } from "tesseract.js";
import { buildPage, type RawWord } from "../../layout/build-page";
import type { Page } from "../../types";
import { repairOcrWords } from "./ocr-repair";
import { MIN_WORD_CONFIDENCE, secondLook, type ReadLine } from "./ocr-reread";

/** The traineddata ships in the @tesseract.js-data/eng npm package: nothing is downloaded at run time. */
const LANG_PATH = path.join(process.cwd(), "node_modules/@tesseract.js-data/eng/4.0.0_best_int");

let workerPromise: Promise<Worker> | null = null;

/** One tesseract worker per thread, created lazily and reused: start-up (~0.5 s) costs more than a page. */
function getWorker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const worker = await createWorker("eng", OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      cacheMethod: "none",
    });
    // One uniform block keeps a printed row together ("TOTAL ... RM 14.10"): measured on the dev receipts, automatic
    // page segmentation split label and amount into separate columns, and the total appeared in its text on 24 of 36
    // receipts against 29 with one block.
    // Words keep their boxes either way, and the layout builder regroups them by position.
    // Tesseract's own diagnostics ("Estimating resolution as 272", the empty-line statistics a blank crop prints)
    // would otherwise go to the server's output for every page; errors still come back as rejected recognitions.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: "0", debug_file: "/dev/null" });
    return worker;
  })();
  return workerPromise;
}

export async function terminateOcr(): Promise<void> {
  if (!workerPromise) return;
  const worker = await workerPromise;
  workerPromise = null;
  await worker.terminate();
}

export type ImageSize = { width: number; height: number };

/** How tesseract segments a page: one uniform block (the default reading), or its automatic layout analysis. */
export type Segmentation = "block" | "auto";

/** The words of a recognition, in the pixels of the image as tesseract read it (after any deskewing). */
function recognisedWords(result: RecognizeResult): RawWord[] {
  return (result.data.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)))
    .map(({ text, confidence, bbox }) => ({ text: text.trim(), x: bbox.x0, y: bbox.y0, w: bbox.x1 - bbox.x0, h: bbox.y1 - bbox.y0, confidence: confidence / 100 }))
    .filter((word) => word.text !== "");
}

/** OCRs one image (PNG/JPEG bytes) into a page; boxes stay in the image's pixel space until buildPage normalises them. */
export async function ocrImage(image: Uint8Array, size: ImageSize, pageNumber: number, segmentation: Segmentation = "block"): Promise<Page> {
  const worker = await getWorker();
  // tesseract.js passes unknown recognize options through as tesseract variables for this call only.
  // rotateAuto straightens a slightly skewed scan first, so a label and its amount end on one row again.
  const options: Partial<RecognizeOptions> =
    segmentation === "auto" ? ({ tessedit_pageseg_mode: PSM.AUTO } as Partial<RecognizeOptions>) : { rotateAuto: true };
  const result = await worker.recognize(Buffer.from(image), options, { blocks: true, text: false });
  // The boxes are in the deskewed image, so the second look cuts its crops from the page turned the same way.
  const page = { png: image, ...size, rotateRadians: result.data.rotateRadians ?? 0 };
  // A doubtful word may come back sure on its second reading, so the floor applies after it.
  const read = (await secondLook(recognisedWords(result), page, readLineWith(worker))).filter((word) => word.confidence >= MIN_WORD_CONFIDENCE);
  return buildPage(pageNumber, size.width, size.height, "ocr", repairOcrWords(read));
}

function readLineWith(worker: Worker): ReadLine {
  return async (png) => {
    const options = { tessedit_pageseg_mode: PSM.SINGLE_LINE } as Partial<RecognizeOptions>;
    return recognisedWords(await worker.recognize(Buffer.from(png), options, { blocks: true, text: false }));
  };
}
