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

/**
 * A model y = x + x · HardSigmoid(z) (inputs x [1, 2, 3, 5] and z [1, 2, 1, 1]): a squeeze-and-excitation's gate
 * added back to its map, as PP-OCRv4's detector neck does.
 */
function gatedResidualModel(): Uint8Array {
  const node = (opType: string, inputs: string[], output: string, attributes: Uint8Array[][] = []) => [
    ...inputs.flatMap((name) => bytesField(1, name)),
    ...bytesField(2, output),
    ...bytesField(4, opType),
    ...attributes.flat(),
  ];
  const floatAttribute = (name: string, value: number) => bytesField(5, [...bytesField(1, name), ...floatField(2, value), ...varintField(20, 1)]);
  // ValueInfo: name, type { tensor_type { elem_type float, shape { dim … } } }.
  const valueInfo = (name: string, dims: number[]) =>
    [...bytesField(1, name), ...bytesField(2, bytesField(1, [...varintField(1, 1), ...bytesField(2, dims.flatMap((d) => bytesField(1, varintField(1, d))))]))];
  const graph = [
    ...bytesField(1, node("HardSigmoid", ["z"], "g", [floatAttribute("alpha", 1 / 6), floatAttribute("beta", 0.5)])),
    ...bytesField(1, node("Mul", ["x", "g"], "m")),
    ...bytesField(1, node("Add", ["x", "m"], "y")),
    ...bytesField(2, "gated"),
    ...bytesField(11, valueInfo("x", [1, 2, 3, 5])),
    ...bytesField(11, valueInfo("z", [1, 2, 1, 1])),
    ...bytesField(12, valueInfo("y", [1, 2, 3, 5])),
  ];
  // ModelProto: ir_version 7, graph, opset_import { version 11 }.
  return concatBytes([...varintField(1, 7), ...bytesField(7, graph), ...bytesField(8, varintField(2, 11))]);
}

describe("folding PP-OCRv4's elementwise steps into its convolutions", () => {
  it("folds every affine block and hard-swish of the recogniser and computes the same probabilities", async () => {
    const original = new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat));
    const { model, folded } = foldModel(original);
    expect(folded).toEqual({ affineAfterConv: 28, hardSwish: 28, affineBeforeConv: 25, gateResidual: 0 });
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
    expect(detector.folded).toEqual({ affineAfterConv: 28, hardSwish: 24, affineBeforeConv: 20, gateResidual: 8 });
    expect(foldModel(new Uint8Array(readFileSync(MODEL_FILES.classifierSource))).folded).toEqual({ affineAfterConv: 0, hardSwish: 18, affineBeforeConv: 0, gateResidual: 0 });
    const again = foldModel(detector.model);
    expect(again.folded).toEqual({ affineAfterConv: 0, hardSwish: 0, affineBeforeConv: 0, gateResidual: 0 });
    expect(Buffer.compare(again.model, detector.model)).toBe(0);
  }, 60_000);

  it("weighs a map by its gate plus one where the map was added to its gated self (x + x·g → x·(g + 1))", async () => {
    const { model, folded } = foldModel(gatedResidualModel());
    expect(folded.gateResidual).toBe(1);
    const ort = await import("onnxruntime-node");
    const options = { intraOpNumThreads: 1, graphOptimizationLevel: "all" } as const;
    const [before, after] = await Promise.all([ort.InferenceSession.create(gatedResidualModel(), options), ort.InferenceSession.create(model, options)]);
    const x = Float32Array.from({ length: 2 * 3 * 5 }, (_, i) => Math.sin(i * 1.7) * 4);
    const inputs = { x: new ort.Tensor("float32", x, [1, 2, 3, 5]), z: new ort.Tensor("float32", Float32Array.of(-1, 0.3), [1, 2, 1, 1]) };
    const a = (await before.run(inputs)).y!.data as Float32Array;
    const b = (await after.run(inputs)).y!.data as Float32Array;
    for (let i = 0; i < a.length; i += 1) expect(b[i]).toBeCloseTo(a[i]!, 5);
    // Folding it again finds nothing: the Mul now reads the gate plus one, not the HardSigmoid.
    expect(foldModel(model).folded.gateResidual).toBe(0);
    await Promise.all([before.release(), after.release()]);
  });

  it("ships each network as folding its published source gives it now (sessions load these files as they are)", () => {
    for (const entry of Object.values(FOLDED_MODELS)) {
      expect(Buffer.compare(readFileSync(entry.folded), shippedModel(entry).model)).toBe(0);
    }
  }, 60_000);
});
