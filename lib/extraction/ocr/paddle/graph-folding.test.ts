import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foldModel } from "./graph-folding";
import { bytesField, concatBytes, floatField, floatOf, readFields, textOf, varintField, varintsOf } from "./onnx-proto";
import { FOLDED_MODELS, MODEL_FILES } from "./sessions";
import { shippedModel } from "./shipped-models";

describe("ONNX protobuf fields", () => {
  it("reads back what it writes: strings, varints past 2^28, floats, packed and unpacked repeated ints", () => {
    const bytes = concatBytes([...bytesField(1, "Conv"), ...varintField(2, 3_000_000_000), ...floatField(3, 0.5), ...varintField(4, 7), ...bytesField(4, Uint8Array.of(1, 0x96, 0x01))]);
    const fields = readFields(bytes);
    expect(textOf(fields[0]!)).toBe("Conv");
    expect(varintsOf(fields, 2)).toEqual([3_000_000_000]);
    expect(floatOf(fields[2]!)).toBe(0.5);
    expect(varintsOf(fields, 4)).toEqual([7, 1, 150]);
    expect(concatBytes(fields.map((f) => f.raw))).toEqual(bytes);
  });
});

/** A line image's tensor: dark strokes on white, normalised as the recogniser's input (−1 … 1). */
function lineTensor(width: number): Float32Array {
  const height = 48;
  const data = new Float32Array(3 * height * width).fill(1);
  for (let c = 0; c < 3; c += 1) {
    for (let y = 14; y < 34; y += 1) {
      for (let x = 8; x < width - 8; x += 1) if (x % 11 < 3 || (y > 22 && y < 25 && x % 23 < 15)) data[c * height * width + y * width + x] = -1;
    }
  }
  return data;
}

describe("folding PP-OCRv4's elementwise steps into its convolutions", () => {
  it("folds every affine block and hard-swish of the recogniser and computes the same probabilities", async () => {
    const original = new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat));
    const { model, folded } = foldModel(original);
    expect(folded).toEqual({ affineAfterConv: 28, hardSwish: 28, affineBeforeConv: 25 });
    const ort = await import("onnxruntime-node");
    const options = { intraOpNumThreads: 1, graphOptimizationLevel: "all" } as const;
    const [before, after] = await Promise.all([ort.InferenceSession.create(original, options), ort.InferenceSession.create(model, options)]);
    const width = 320;
    const feeds = (session: typeof before) => ({ [session.inputNames[0]!]: new ort.Tensor("float32", lineTensor(width), [1, 3, 48, width]) });
    const a = (await before.run(feeds(before)))[before.outputNames[0]!]!.data as Float32Array;
    const b = (await after.run(feeds(after)))[after.outputNames[0]!]!.data as Float32Array;
    expect(b.length).toBe(a.length);
    let largest = 0;
    for (let i = 0; i < a.length; i += 1) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
    expect(largest).toBeLessThan(1e-3);
    await Promise.all([before.release(), after.release()]);
  }, 60_000);

  it("leaves no constant Add between two convolutions: the padded ones' shift becomes a 1×1 depthwise convolution", () => {
    const opTypes = (model: Uint8Array) => {
      const graph = readFields(model).find((f) => f.no === 7)!;
      return readFields(graph.payload)
        .filter((f) => f.no === 1)
        .map((node) => textOf(readFields(node.payload).find((f) => f.no === 4)!));
    };
    const count = (types: string[], type: string) => types.filter((t) => t === type).length;
    const original = opTypes(new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat)));
    const folded = opTypes(foldModel(new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat))).model);
    // 13 of the 25 affine steps before a convolution sit before a padded one.
    expect(count(folded, "Conv") - count(original, "Conv")).toBe(13);
  });

  it("folds the detector's and the classifier's, and finds nothing more to fold in a folded model", () => {
    const detector = foldModel(new Uint8Array(readFileSync(MODEL_FILES.detectionSource)));
    expect(detector.folded).toEqual({ affineAfterConv: 28, hardSwish: 24, affineBeforeConv: 20 });
    expect(foldModel(new Uint8Array(readFileSync(MODEL_FILES.classifierSource))).folded).toEqual({ affineAfterConv: 0, hardSwish: 18, affineBeforeConv: 0 });
    const again = foldModel(detector.model);
    expect(again.folded).toEqual({ affineAfterConv: 0, hardSwish: 0, affineBeforeConv: 0 });
    expect(Buffer.compare(again.model, detector.model)).toBe(0);
  }, 60_000);

  it("ships each network as folding its published source gives it now (sessions load these files as they are)", () => {
    for (const entry of Object.values(FOLDED_MODELS)) {
      expect(Buffer.compare(readFileSync(entry.folded), shippedModel(entry).model)).toBe(0);
    }
  }, 60_000);
});
