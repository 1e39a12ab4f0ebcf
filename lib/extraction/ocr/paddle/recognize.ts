import type { RawWord } from "../../layout/build-page";
import { decodeCtc, decodeSummary, hasCjk, latinClasses, mostlyLatin, type DecodedChar } from "./ctc";
import { SUMMARY_OUTPUT } from "./ctc-summary";
import type { LineCrop } from "./crop";
import { normaliseInto } from "./raster";
import { FloatScratch } from "./scratch";
import { checkClassCount } from "./recogniser-choice";
import type { PaddleSessions } from "./sessions";
import { guardedRun } from "./run-guard";
import { lineWords } from "./words";

export const REC_NORM = { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] } as const;
/** Lines per recogniser run: PaddleOCR's rec_batch_num. Lines of similar width are batched to waste little padding. */
const BATCH = 1;

/** The recogniser's input buffer, lent to each run in turn (scratch.ts). */
const inputs = new FloatScratch();

let latinCache: { characters: string[]; allowed: Uint8Array } | null = null;

function latinMask(characters: string[]): Uint8Array {
  if (latinCache?.characters !== characters) latinCache = { characters, allowed: latinClasses(characters) };
  return latinCache.allowed;
}

export type RecognisedLine = { crop: LineCrop; chars: DecodedChar[]; stepWidth: number };

/**
 * Reads line crops with the recogniser. A line that reads mostly as Latin script is decoded again without the CJK
 * classes: on Latin receipts the Chinese model's stray ideograph is always a misread Latin letter or digit.
 */
export async function recogniseLines(sessions: PaddleSessions, crops: LineCrop[]): Promise<RecognisedLine[]> {
  const { ort, recognition, characters } = sessions;
  const order = crops.map((_, i) => i).sort((a, b) => crops[a]!.width - crops[b]!.width);
  const results = new Array<RecognisedLine>(crops.length);
  for (let start = 0; start < order.length; start += BATCH) {
    const batch = order.slice(start, start + BATCH);
    const height = crops[batch[0]!]!.height;
    const width = Math.max(...batch.map((i) => crops[i]!.width));
    const plane = width * height;
    // Padding stays 0 after normalisation (mid grey), as in PaddleOCR's resize_norm_img; a lone line fills it all.
    const input = inputs.take(batch.length * 3 * plane, { zeroed: batch.length > 1 });
    batch.forEach((index, n) => {
      const crop = crops[index]!;
      normaliseInto(crop.rgba, crop, input, { offset: n * 3 * plane, rowWidth: width, planeSize: plane }, REC_NORM);
    });
    const feeds = { [recognition.inputNames[0]!]: new ort.Tensor("float32", input, [batch.length, 3, height, width]) };
    const output = await guardedRun(() => recognition.run(feeds));
    const tensor = output[recognition.outputNames[0]!]!;
    // The shipped recogniser gives a decoding summary a step (ctc-summary.ts); the int8 copy its class probabilities.
    const summarised = recognition.outputNames[0] === SUMMARY_OUTPUT;
    // Numbers a step: the classes' probabilities, or the summary's.
    const [, steps, perStep] = tensor.dims as [number, number, number];
    const probs = tensor.data as Float32Array;
    if (!summarised) checkClassCount(perStep, characters);
    const stepWidth = width / steps;
    batch.forEach((index, n) => {
      const crop = crops[index]!;
      const layout = { offset: n * steps * perStep, steps: Math.min(steps, Math.ceil(crop.width / stepWidth)), classes: perStep, width: perStep };
      const decode = (latin: boolean) =>
        summarised ? decodeSummary(probs, layout, characters, latin) : decodeCtc(probs, layout, characters, latin ? latinMask(characters) : undefined);
      let chars = decode(false);
      if (hasCjk(chars) && mostlyLatin(chars)) chars = decode(true);
      results[index] = { crop, chars, stepWidth };
    });
  }
  return results;
}

/** The words of recognised lines, in page pixels. */
export function wordsOfLines(lines: RecognisedLine[]): RawWord[] {
  return lines.flatMap((line) => (line.chars.length === 0 ? [] : lineWords(line.crop, line.chars, line.stepWidth)));
}
