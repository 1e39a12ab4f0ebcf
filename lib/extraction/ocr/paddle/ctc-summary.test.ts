import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeCtc, decodeSummary, latinClasses, SUMMARY_HEAD, summaryClasses } from "./ctc";
import { addCtcSummary, SUMMARY_OUTPUT } from "./ctc-summary";
import { foldModel } from "./graph-folding";
import { MODEL_FILES, readDictionary } from "./sessions";

/** The summary decodeSummary reads, computed in JavaScript from [T, C] probabilities (what the graph computes). */
function summaryOf(probs: Float32Array, steps: number, characters: string[]): { summary: Float32Array; width: number } {
  const classes = characters.length;
  const { latin, picked } = summaryClasses(characters);
  const width = SUMMARY_HEAD + picked.length;
  const summary = new Float32Array(steps * width);
  for (let t = 0; t < steps; t += 1) {
    const row = probs.subarray(t * classes, (t + 1) * classes);
    let best = 0;
    for (let c = 1; c < classes; c += 1) if (row[c]! > row[best]!) best = c;
    let latinBest = 0;
    for (let k = 1; k < latin.length; k += 1) if (row[latin[k]!]! > row[latin[latinBest]!]!) latinBest = k;
    summary.set([best, row[best]!, latinBest, row[latin[latinBest]!]!, ...picked.map((c) => row[c]!)], t * width);
  }
  return { summary, width };
}

/** Random probabilities a step, with ties, marks, spaces and ideographs strong enough to be read. */
function randomSteps(steps: number, classes: number, seed: number): Float32Array {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const probs = new Float32Array(steps * classes);
  for (let t = 0; t < steps; t += 1) {
    let sum = 0;
    for (let c = 0; c < classes; c += 1) sum += probs[t * classes + c] = random() < 0.3 ? Math.round(random() * 4) : random();
    for (let c = 0; c < classes; c += 1) probs[t * classes + c] = probs[t * classes + c]! / sum;
  }
  return probs;
}

describe("the recogniser's decoding summary", () => {
  const characters = readDictionary(["A", "B", "中", "1", ",", "，", ".", "．", "字"].join("\n"));

  it("decodes as decodeCtc does from the full probabilities, with and without the CJK classes", () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const steps = 30;
      const probs = randomSteps(steps, characters.length, seed);
      const { summary, width } = summaryOf(probs, steps, characters);
      const layout = { offset: 0, steps, width };
      expect(decodeSummary(summary, layout, characters)).toEqual(decodeCtc(probs, { offset: 0, steps, classes: characters.length }, characters));
      expect(decodeSummary(summary, layout, characters, true)).toEqual(
        decodeCtc(probs, { offset: 0, steps, classes: characters.length }, characters, latinClasses(characters)),
      );
    }
  });

  it("lists the Latin classes in order from the blank, then the space and the four marks", () => {
    const { latin, picked } = summaryClasses(characters);
    expect(latin).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 10]);
    expect(picked.map((c) => characters[c])).toEqual([" ", ",", "，", ".", "．"]);
  });

  it("computes the summary in the graph: the recogniser decodes the same through it", async () => {
    const dictionary = readDictionary(readFileSync(MODEL_FILES.dictionary, "utf8"));
    const folded = foldModel(new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat))).model;
    const ort = await import("onnxruntime-node");
    const options = { intraOpNumThreads: 1, graphOptimizationLevel: "all" } as const;
    const [full, summarised] = await Promise.all([ort.InferenceSession.create(folded, options), ort.InferenceSession.create(addCtcSummary(folded, dictionary), options)]);
    expect(summarised.outputNames).toEqual([SUMMARY_OUTPUT]);
    // A line of bars and dashes: strokes the model reads as something, and blanks between them.
    const width = 320;
    const data = new Float32Array(3 * 48 * width).fill(1);
    for (let c = 0; c < 3; c += 1) for (let y = 12; y < 36; y += 1) for (let x = 8; x < width - 8; x += 1) if (x % 13 < 3 || (y > 22 && y < 25 && x % 29 < 17)) data[c * 48 * width + y * width + x] = -1;
    const input = new ort.Tensor("float32", data, [1, 3, 48, width]);
    const probs = (await full.run({ [full.inputNames[0]!]: input }))[full.outputNames[0]!]!;
    const summary = (await summarised.run({ [summarised.inputNames[0]!]: input }))[SUMMARY_OUTPUT]!;
    const [, steps, classes] = probs.dims as [number, number, number];
    expect(summary.dims).toEqual([1, steps, SUMMARY_HEAD + summaryClasses(dictionary).picked.length]);
    const layout = { offset: 0, steps, width: summary.dims[2]! };
    const read = decodeSummary(summary.data as Float32Array, layout, dictionary);
    expect(read.length).toBeGreaterThan(0);
    expect(read).toEqual(decodeCtc(probs.data as Float32Array, { offset: 0, steps, classes }, dictionary));
    expect(decodeSummary(summary.data as Float32Array, layout, dictionary, true)).toEqual(decodeCtc(probs.data as Float32Array, { offset: 0, steps, classes }, dictionary, latinClasses(dictionary)));
    await Promise.all([full.release(), summarised.release()]);
  }, 60_000);
});
