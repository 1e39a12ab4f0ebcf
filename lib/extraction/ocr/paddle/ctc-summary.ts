import { summaryClasses } from "./ctc";
import { bytesField, concatBytes, readFields, textOf, varintField, type Pieces } from "./onnx-proto";

/**
 * A decoding summary appended to the recogniser's graph: for every time step, the likeliest class and its
 * probability, the likeliest Latin-script class and its probability, and the probabilities of the space and the
 * four mark classes (ctc.ts, `decodeSummary`), in place of the 6,625 class probabilities. Greedy decoding reads
 * nothing else, so the characters read are the same; but the runtime no longer copies ~26 KB a step into JavaScript
 * (2 MB for a 640 px line) and JavaScript no longer scans 6,625 classes a step, once more for a Latin-script line that
 * held an ideograph. ArgMax takes the first of equal maxima, as decodeCtc's scan does.
 */
export const SUMMARY_OUTPUT = "ctc_summary";

// onnx.proto field numbers.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, output: 12 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, i: 3, t: 5, ints: 8, type: 20 } as const;
const ATTRIBUTE_TYPE = { int: 2, tensor: 4, ints: 7 } as const;
const TENSOR = { dims: 1, dataType: 2, name: 8, rawData: 9 } as const;
const TENSOR_INT64 = 7;
const ELEMENT_FLOAT = 1;
const VALUE_INFO = { name: 1, type: 2 } as const;

const intAttribute = (name: string, value: number): Pieces =>
  bytesField(NODE.attribute, [...bytesField(ATTRIBUTE.name, name), ...varintField(ATTRIBUTE.i, value), ...varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.int)]);

const intsAttribute = (name: string, values: number[]): Pieces =>
  bytesField(NODE.attribute, [...bytesField(ATTRIBUTE.name, name), ...values.flatMap((v) => varintField(ATTRIBUTE.ints, v)), ...varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.ints)]);

function int64Tensor(name: string, values: number[]): Pieces {
  const raw = new Uint8Array(values.length * 8);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
  return [...varintField(TENSOR.dims, values.length), ...varintField(TENSOR.dataType, TENSOR_INT64), ...bytesField(TENSOR.name, name), ...bytesField(TENSOR.rawData, raw)];
}

function node(opType: string, inputs: string[], output: string, attributes: Pieces[] = []): Pieces {
  return bytesField(GRAPH.node, [
    ...inputs.flatMap((name) => bytesField(NODE.input, name)),
    ...bytesField(NODE.output, output),
    ...bytesField(NODE.name, `${SUMMARY_OUTPUT}/${output}`),
    ...bytesField(NODE.opType, opType),
    ...attributes.flat(),
  ]);
}

const constant = (name: string, values: number[]) =>
  node("Constant", [], name, [bytesField(NODE.attribute, [...bytesField(ATTRIBUTE.name, "value"), ...bytesField(ATTRIBUTE.t, int64Tensor(name, values)), ...varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.tensor)])]);

/**
 * The recogniser's model with the summary as its only output (see SUMMARY_OUTPUT). `characters` is the dictionary as
 * readDictionary gives it; the model's one output must be its [1, T, classes] probabilities.
 */
export function addCtcSummary(model: Uint8Array, characters: string[]): Uint8Array {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.no === MODEL_GRAPH);
  if (!graphField) throw new Error("The ONNX model has no graph");
  const graphFields = readFields(graphField.payload);
  const outputs = graphFields.filter((f) => f.no === GRAPH.output);
  if (outputs.length !== 1) throw new Error("The recogniser should have one output");
  const probs = textOf(readFields(outputs[0]!.payload).find((f) => f.no === VALUE_INFO.name)!);
  const { latin, picked } = summaryClasses(characters);
  const name = (part: string) => `${SUMMARY_OUTPUT}_${part}`;
  const axis = intAttribute("axis", 2);
  const lastAxis = [intsAttribute("axes", [2]), intAttribute("keepdims", 1)];
  const nodes: Pieces[] = [
    constant(name("latin_classes"), latin),
    constant(name("picked_classes"), picked),
    node("ArgMax", [probs], name("best"), [axis, intAttribute("keepdims", 1)]),
    node("ReduceMax", [probs], name("best_prob"), lastAxis),
    node("Gather", [probs, name("latin_classes")], name("latin_probs"), [axis]),
    node("ArgMax", [name("latin_probs")], name("latin_best"), [axis, intAttribute("keepdims", 1)]),
    node("ReduceMax", [name("latin_probs")], name("latin_prob"), lastAxis),
    node("Gather", [probs, name("picked_classes")], name("picked"), [axis]),
    node("Cast", [name("best")], name("best_float"), [intAttribute("to", ELEMENT_FLOAT)]),
    node("Cast", [name("latin_best")], name("latin_best_float"), [intAttribute("to", ELEMENT_FLOAT)]),
    node("Concat", [name("best_float"), name("best_prob"), name("latin_best_float"), name("latin_prob"), name("picked")], SUMMARY_OUTPUT, [axis]),
  ];
  const output = bytesField(GRAPH.output, [
    ...bytesField(VALUE_INFO.name, SUMMARY_OUTPUT),
    ...bytesField(VALUE_INFO.type, bytesField(1, varintField(1, ELEMENT_FLOAT))),
  ]);
  const newGraph = [...graphFields.filter((f) => f.no !== GRAPH.output).map((f) => f.raw), ...nodes.flat(), ...output];
  return concatBytes(modelFields.flatMap((f) => (f === graphField ? bytesField(MODEL_GRAPH, newGraph) : [f.raw])));
}
