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
