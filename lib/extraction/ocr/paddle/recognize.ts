import type { RawWord } from "../../layout/build-page";
import { decodeCtc, decodeSummary, hasCjk, latinClasses, mostlyLatin, type DecodedChar } from "./ctc";
import { SUMMARY_OUTPUT } from "./ctc-summary";
import type { LineCrop } from "./crop";
import { normaliseInto } from "./raster";
import { FloatScratch } from "./scratch";
import type { PaddleSessions } from "./sessions";
import { guardedRun } from "./run-guard";
import { lineWords } from "./words";

export const REC_NORM = { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] } as const;
/**
 * Short lines share a run: a run costs ~0.7 CPU ms besides its columns (the recogniser alone, 2026-11-29: a line of
 * 64 px 4.8 ms alone against 4.2 ms in a run of four). Lines of at most MAX_BATCHED_WIDTH px go in runs of up to
 * BATCH_LINES lines whose widths are within BATCH_PADDING of each other (the narrower ones padded to the widest).
 */
export const BATCHING = { lines: 4, maxWidth: 256, padding: 0.1 } as const;

/**
 * Indices of lines into runs: by width, narrowest first; a line joins the run before it when that run has room, the
 * line is at most `maxWidth` px and at most `padding` wider than the run's narrowest line.
 */
export function lineRuns(widths: number[], options: { lines: number; maxWidth: number; padding: number }): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const runs: number[][] = [];
  for (const index of order) {
    const run = runs.at(-1);
    const width = widths[index]!;
    if (run && run.length < options.lines && width <= options.maxWidth && width <= widths[run[0]!]! * (1 + options.padding)) run.push(index);
    else runs.push([index]);
  }
  return runs;
}

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
  const results = new Array<RecognisedLine>(crops.length);
  for (const batch of lineRuns(crops.map((crop) => crop.width), BATCHING)) {
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
