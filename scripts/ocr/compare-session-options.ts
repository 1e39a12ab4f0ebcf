/**
 * The recogniser's CPU ms a line under ONNX Runtime session settings that should not change its output (the shipped
 * options against each variant below), every session in one process taking turns over the same line crops of SROIE
 * training receipts (the product's decoding, detection and cropping), and how many outputs are bit-identical to the
 * shipped session's. Only training images are fed to it (docs/benchmarks.md, OCR).
 *
 *   npx tsx --conditions=react-server scripts/ocr/compare-session-options.ts [images dir] [--images N] [--rounds N]
 */
import type { InferenceSession } from "onnxruntime-node";
import { REC_NORM } from "../../lib/extraction/ocr/paddle/recognize";
import { MODEL_FILES, RECOGNITION_OPTIONS, SESSION_OPTIONS, paddleSessions } from "../../lib/extraction/ocr/paddle/sessions";
import { lineCrops, normaliseInto, sampleImages } from "./line-crops";

/** Settings tried against the shipped ones, as ONNX Runtime's session configuration entries. */
const VARIANTS: Record<string, InferenceSession.SessionOptions> = {
  shipped: {},
  // A thread pool's workers spin while waiting for work; with one intra-op thread ONNX Runtime makes no pool.
  "no spinning": { extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } } },
  "denormals as zero": { extra: { session: { set_denormal_as_zero: "1" } } },
};

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

function sameOutput(a: Float32Array, b: Float32Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

async function main(): Promise<void> {
  const dir = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : "/work/train-data/receipts-sroie";
  const sessions = await paddleSessions();
  const lines: { data: Float32Array; width: number }[] = [];
  for (const file of sampleImages(dir, { count: option("--images", 10), step: 37, offset: 5 })) {
    for (const crop of await lineCrops(file)) {
      const data = new Float32Array(3 * crop.height * crop.width);
      normaliseInto(crop.rgba, crop, data, { offset: 0, rowWidth: crop.width, planeSize: crop.width * crop.height }, REC_NORM);
      lines.push({ data, width: crop.width });
    }
  }
  const names = Object.keys(VARIANTS);
  const recognisers = new Map<string, InferenceSession>();
  for (const name of names) {
    recognisers.set(name, await sessions.ort.InferenceSession.create(MODEL_FILES.recognitionFolded, { ...SESSION_OPTIONS, ...RECOGNITION_OPTIONS, ...VARIANTS[name] }));
  }
  const spent = new Map<string, number>();
  const outputs = new Map<string, Float32Array[]>();
  const rounds = option("--rounds", 3);
  for (let round = 0; round < rounds; round += 1) {
    // Turns in alternating order, so a load that rises or falls during a round favours no variant.
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const recogniser = recognisers.get(name)!;
      const read: Float32Array[] = [];
      const started = cpuMs();
      for (const { data, width } of lines) {
        const feeds = { [recogniser.inputNames[0]!]: new sessions.ort.Tensor("float32", data, [1, 3, 48, width]) };
        const output = await recogniser.run(feeds);
        read.push(output[recogniser.outputNames[0]!]!.data as Float32Array);
      }
      spent.set(name, (spent.get(name) ?? 0) + cpuMs() - started);
      outputs.set(name, read);
    }
  }
  const shipped = outputs.get("shipped")!;
  for (const name of names) {
    const identical = outputs.get(name)!.filter((output, i) => sameOutput(output, shipped[i]!)).length;
    const msALine = spent.get(name)! / rounds / lines.length;
    console.log(`${name}: ${msALine.toFixed(3)} CPU ms a line, ${identical}/${lines.length} outputs identical to the shipped session's`);
  }
}

void main();
