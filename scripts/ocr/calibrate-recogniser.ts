/**
 * Activation ranges for the int8 recogniser (scripts/ocr/quantize-recogniser.py): runs the calibration copy of the
 * float graph (its extra outputs are the tensors to quantise) on the line crops of training-corpus images, one line
 * at a time as the product reads them, and writes each tensor's range.
 *
 *   tsx scripts/ocr/calibrate-recogniser.ts <calibration.onnx> <targets.json> <images dir> <ranges.json> [--images N]
 *
 * Two ranges per tensor: `minmax` (the extremes met, as onnxruntime's MinMax calibrator) and `p999` (the 0.1st and
 * 99.9th percentile of the lines' own extremes: a rare outlier line does not widen every other line's steps).
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as ort from "onnxruntime-node";
import { ActivationRanges } from "./activation-ranges";
import { REC_NORM } from "../../lib/extraction/ocr/paddle/recognize";
import { lineCrops, normaliseInto, sampleImages } from "./line-crops";

async function main(): Promise<void> {
  const [modelFile, targetsFile, imagesDir, outFile] = process.argv.slice(2);
  if (!modelFile || !targetsFile || !imagesDir || !outFile) throw new Error("usage: <calibration.onnx> <targets.json> <images dir> <ranges.json> [--images N]");
  const countArg = process.argv.indexOf("--images");
  const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 40;
  const { tensors } = JSON.parse(readFileSync(targetsFile, "utf8")) as { tensors: string[] };
  const session = await ort.InferenceSession.create(modelFile, { executionProviders: ["cpu"], intraOpNumThreads: 1, graphOptimizationLevel: "all" });
  const ranges = new ActivationRanges(tensors);
  // Every 7th image: spread over the corpus's senders rather than its first few.
  const images = sampleImages(imagesDir, { count, step: 7, offset: 3 });
  let lines = 0;
  for (const file of images) {
    for (const crop of await lineCrops(file)) {
      const input = new Float32Array(3 * crop.width * crop.height);
      normaliseInto(crop.rgba, crop, input, { offset: 0, rowWidth: crop.width, planeSize: crop.width * crop.height }, REC_NORM);
      const output = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, crop.height, crop.width]) }, tensors);
      ranges.record(output);
      lines += 1;
    }
  }
  writeFileSync(outFile, JSON.stringify({ images: images.map((f) => f.split("/").pop()), lines, ranges: ranges.ranges() }, null, 1));
  console.log(`${lines} lines of ${images.length} images → ${outFile}`);
}

void main();
