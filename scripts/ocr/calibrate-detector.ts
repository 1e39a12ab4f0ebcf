/**
 * Activation ranges for an int8 detector (scripts/ocr/quantize-recogniser.py `prepare-detector`, then `quantize`):
 * runs the calibration copy of the folded detector (its extra outputs are the tensors to quantise) on the detector
 * inputs of training-corpus images, made as the product makes them (decoding, the detector's size, bands, and
 * normalisation), and writes each tensor's range in the format the recogniser's calibration writes.
 *
 *   tsx scripts/ocr/calibrate-detector.ts <calibration.onnx> <targets.json> <images dir> <ranges.json> [--images N]
 *
 * Two ranges per tensor: `minmax` (the extremes met) and `p999` (the 0.1st and 99.9th percentile of the runs' own
 * extremes). With a few dozen runs p999 is in effect the second extreme of each side.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as ort from "onnxruntime-node";
import { ActivationRanges } from "./activation-ranges";
import { detectorInputs } from "./detector-inputs";
import { sampleImages } from "./line-crops";

async function main(): Promise<void> {
  const [modelFile, targetsFile, imagesDir, outFile] = process.argv.slice(2);
  if (!modelFile || !targetsFile || !imagesDir || !outFile) throw new Error("usage: <calibration.onnx> <targets.json> <images dir> <ranges.json> [--images N]");
  const countArg = process.argv.indexOf("--images");
  const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 24;
  const { tensors } = JSON.parse(readFileSync(targetsFile, "utf8")) as { tensors: string[] };
  const session = await ort.InferenceSession.create(modelFile, { executionProviders: ["cpu"], intraOpNumThreads: 1, graphOptimizationLevel: "all" });
  const ranges = new ActivationRanges(tensors);
  // Every 7th image from the 3rd: spread over the corpus's senders, and not the images the recogniser calibrated on.
  const images = sampleImages(imagesDir, { count, step: 7, offset: 2 });
  let runs = 0;
  for (const file of images) {
    for (const input of await detectorInputs(file)) {
      const output = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input.data, input.dims) }, tensors);
      ranges.record(output);
      runs += 1;
    }
  }
  writeFileSync(outFile, JSON.stringify({ images: images.map((f) => f.split("/").pop()), runs, ranges: ranges.ranges() }, null, 1));
  console.log(`${runs} detector runs of ${images.length} images → ${outFile}`);
}

void main();
