import type { LineCrop } from "./crop";
import { guardedRun } from "./run-guard";
import type { PaddleSessions } from "./sessions";

/**
 * The angle classifier (PaddleOCR's mobile v2.0 cls): for each line image, whether it reads upside down. It sees
 * lines 48 × 192 px (longer lines are squeezed into that width, as PaddleOCR's own preprocessing does).
 */
const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
/** PaddleOCR's cls_thresh: a line is turned only when the classifier is this sure. */
export const UPSIDE_DOWN_CONFIDENCE = 0.9;
const BATCH = 16;

/** One line image as the classifier's input: width squeezed to at most 192 px, padded with 0 (mid grey). */
function fillInput(crop: LineCrop, out: Float32Array, offset: number): void {
  const plane = CLS_HEIGHT * CLS_WIDTH;
  const width = Math.min(CLS_WIDTH, Math.ceil((CLS_HEIGHT * crop.width) / crop.height));
  for (let y = 0; y < CLS_HEIGHT; y += 1) {
    const sy = Math.min(crop.height - 1, Math.floor((y * crop.height) / CLS_HEIGHT));
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(crop.width - 1, Math.floor((x * crop.width) / width));
      const source = (sy * crop.width + sx) * 4;
      for (let c = 0; c < 3; c += 1) out[offset + c * plane + y * CLS_WIDTH + x] = (crop.rgba[source + 2 - c]! / 255 - 0.5) / 0.5;
    }
  }
}

/**
 * Whether lines holding more than half of the lines' length (their widths) are upside down, by the classifier's
 * sure calls (UPSIDE_DOWN_CONFIDENCE). The lines are asked about longest first, `batch` at a time, and asking stops
 * once the lines not yet asked could no longer change the answer: on an upright page the longest few already hold
 * half the length. The answer is the one asking about every line gives.
 */
export async function mostlyUpsideDown(lines: LineCrop[], probabilitiesOf: (crops: LineCrop[]) => Promise<number[]>, batch: number): Promise<boolean> {
  const longestFirst = [...lines].sort((a, b) => b.region.w - a.region.w);
  const total = longestFirst.reduce((sum, line) => sum + line.region.w, 0);
  let flipped = 0;
  let upright = 0;
  for (let start = 0; start < longestFirst.length; start += batch) {
    const asked = longestFirst.slice(start, start + batch);
    const probabilities = await probabilitiesOf(asked);
    asked.forEach((line, i) => {
      if (probabilities[i]! >= UPSIDE_DOWN_CONFIDENCE) flipped += line.region.w;
      else upright += line.region.w;
    });
    if (flipped > total / 2) return true;
    if (upright >= total / 2) return false;
  }
  return false;
}

/** For each crop, the classifier's probability that it is upside down. */
export async function upsideDownProbabilities(sessions: PaddleSessions, crops: LineCrop[]): Promise<number[]> {
  const { ort, classifier } = sessions;
  const out: number[] = [];
  for (let start = 0; start < crops.length; start += BATCH) {
    const batch = crops.slice(start, start + BATCH);
    const plane = CLS_HEIGHT * CLS_WIDTH;
    const input = new Float32Array(batch.length * 3 * plane);
    batch.forEach((crop, n) => fillInput(crop, input, n * 3 * plane));
    const feeds = { [classifier.inputNames[0]!]: new ort.Tensor("float32", input, [batch.length, 3, CLS_HEIGHT, CLS_WIDTH]) };
    const result = await guardedRun(() => classifier.run(feeds));
    const probs = result[classifier.outputNames[0]!]!.data as Float32Array;
    batch.forEach((_, n) => out.push(probs[n * 2 + 1]!));
  }
  return out;
}
