import { bytesField, concatBytes, floatField, floatOf, readFields, textOf, varintField, varintsOf, type Pieces, type ProtoField } from "./onnx-proto";

/**
 * Folds the elementwise steps Paddle2ONNX left around every convolution of PP-OCRv4's networks (PPLCNetV3's learnable
 * affine blocks and hard-swish, exported as separate Mul, Add, Clip and Div nodes that ONNX Runtime fuses none of:
 * eight passes over each feature map per convolution) into the convolutions, computing the same function up to float
 * rounding:
 *  - Conv → Mul(a) → Add(b) becomes Conv with weights a·W and bias a·bias + b;
 *  - x·clip(x + 3, 0, 6) / 6 becomes x · HardSigmoid(x; 1/6, 1/2);
 *  - Mul(c) → Add(d) → unpadded Conv becomes Conv with weights c·W and bias + d·ΣW;
 *  - Mul(c) → Add(d) → padded Conv becomes Add(d/c) → Conv with weights c·W (the zero padding of c·(h + d/c) is the
 *    zero padding of h + d/c, so the borders stay exact), that Add written as a 1×1 depthwise Conv (weight 1, bias
 *    d/c) so ONNX Runtime keeps the feature map in its blocked layout from one convolution to the next;
 *  - x + x·g, g a channel gate, becomes x·(g + 1) (see foldGateResidual).
 * Run offline by scripts/ocr/fold-models.ts, which writes the folded files sessions.ts loads (models/); a unit test
 * proves them the sources folded by this code. scripts/models/fold-affine.py does the first four with the onnx
 * Python package, to check against.
 */

/** An attribute as read (its fields, for lookups) or as written anew (its encoding only). */
type Attribute = { encoded: Pieces; fields?: ProtoField[] };
type OnnxNode = { inputs: string[]; outputs: string[]; opType: string; attributes: Attribute[]; rest: ProtoField[] };
type FloatTensor = { dims: number[]; values: Float32Array };

// onnx.proto field numbers.
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const NODE = { input: 1, output: 2, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, f: 2, i: 3, s: 4, t: 5, ints: 8, type: 20 } as const;
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_TENSOR = 4;
const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9 } as const;
const TENSOR_FLOAT = 1;

function decodeNode(bytes: Uint8Array): OnnxNode {
  const node: OnnxNode = { inputs: [], outputs: [], opType: "", attributes: [], rest: [] };
  for (const field of readFields(bytes)) {
    if (field.no === NODE.input) node.inputs.push(textOf(field));
    else if (field.no === NODE.output) node.outputs.push(textOf(field));
    else if (field.no === NODE.opType) node.opType = textOf(field);
    else if (field.no === NODE.attribute) node.attributes.push({ encoded: [field.raw], fields: readFields(field.payload) });
    else node.rest.push(field);
  }
  return node;
}

function encodeNode(node: OnnxNode): Pieces {
  return [
    ...node.inputs.flatMap((name) => bytesField(NODE.input, name)),
    ...node.outputs.flatMap((name) => bytesField(NODE.output, name)),
    ...bytesField(NODE.opType, node.opType),
    ...node.attributes.flatMap((attribute) => attribute.encoded),
    ...node.rest.map((field) => field.raw),
  ];
}

function attribute(node: OnnxNode, name: string): ProtoField[] | null {
  return node.attributes.find((a) => a.fields?.some((f) => f.no === ATTRIBUTE.name && textOf(f) === name))?.fields ?? null;
}

function decodeTensor(bytes: Uint8Array): FloatTensor | null {
  const fields = readFields(bytes);
  if (varintsOf(fields, TENSOR.dataType)[0] !== TENSOR_FLOAT) return null;
  const dims = varintsOf(fields, TENSOR.dims);
  const raw = fields.find((f) => f.no === TENSOR.rawData)?.payload ?? concatBytes(fields.filter((f) => f.no === TENSOR.floatData).map((f) => f.payload));
  // Copied: the model's bytes need not be aligned for a Float32Array view.
  const values = new Float32Array(raw.length / 4);
  new Uint8Array(values.buffer).set(raw);
  return { dims, values };
}

function encodeTensor(name: string, tensor: FloatTensor): Pieces {
  return [
    ...tensor.dims.flatMap((dim) => varintField(TENSOR.dims, dim)),
    ...varintField(TENSOR.dataType, TENSOR_FLOAT),
    ...bytesField(TENSOR.name, name),
    ...bytesField(TENSOR.rawData, new Uint8Array(tensor.values.buffer, tensor.values.byteOffset, tensor.values.byteLength)),
  ];
}

const newAttribute = (fields: Pieces): Attribute => ({ encoded: bytesField(NODE.attribute, fields) });

const tensorAttribute = (name: string, tensor: FloatTensor) =>
  newAttribute([...bytesField(ATTRIBUTE.name, "value"), ...bytesField(ATTRIBUTE.t, encodeTensor(name, tensor)), ...varintField(ATTRIBUTE.type, ATTRIBUTE_TENSOR)]);

const floatAttribute = (name: string, value: number) =>
  newAttribute([...bytesField(ATTRIBUTE.name, name), ...floatField(ATTRIBUTE.f, value), ...varintField(ATTRIBUTE.type, ATTRIBUTE_FLOAT)]);

const intAttribute = (name: string, value: number) =>
  newAttribute([...bytesField(ATTRIBUTE.name, name), ...varintField(ATTRIBUTE.i, value), ...varintField(ATTRIBUTE.type, ATTRIBUTE_INT)]);

/** The graph's nodes with what folding needs to look up: constants by name, readers of each tensor. */
class Graph {
  /** Constant nodes by output; their tensors are decoded when first asked for (most are never changed). */
  private constantNodes = new Map<string, { node: OnnxNode; value: Uint8Array }>();
  private decoded = new Map<string, FloatTensor | null>();
  private added = 0;

  constructor(
    public nodes: OnnxNode[],
    private outputs: Set<string>,
  ) {
    for (const node of nodes) {
      const value = node.opType === "Constant" ? attribute(node, "value")?.find((f) => f.no === ATTRIBUTE.t) : undefined;
      if (value) this.constantNodes.set(node.outputs[0]!, { node, value: value.payload });
    }
  }

  /** A float constant's tensor, or null when the name is not one. */
  constant(name: string): FloatTensor | null {
    if (!this.decoded.has(name)) {
      const constant = this.constantNodes.get(name);
      this.decoded.set(name, constant ? decodeTensor(constant.value) : null);
    }
    return this.decoded.get(name)!;
  }

  readers(name: string): OnnxNode[] {
    return this.nodes.filter((node) => node.inputs.includes(name));
  }

  /** The only reader of a tensor when it has exactly one and is not a graph output. */
  soleReader(name: string, opType: string): OnnxNode | null {
    const readers = this.readers(name);
    return readers.length === 1 && readers[0]!.opType === opType && !this.outputs.has(name) ? readers[0]! : null;
  }

  isOutput(name: string): boolean {
    return this.outputs.has(name);
  }

  /** A Mul/Add/Div with one scalar constant operand: that scalar and the other operand. */
  scalarOperand(node: OnnxNode): { value: number; other: string } | null {
    for (let i = 0; i < 2; i += 1) {
      const tensor = this.constant(node.inputs[i]!);
      if (tensor?.values.length === 1 && node.inputs.length === 2) return { value: tensor.values[0]!, other: node.inputs[1 - i]! };
    }
    return null;
  }

  tensor(name: string): FloatTensor {
    return this.constant(name)!;
  }

  setTensor(name: string, tensor: FloatTensor): void {
    this.constantNodes.get(name)!.node.attributes = [tensorAttribute(name, tensor)];
    this.decoded.set(name, tensor);
  }

  /** A new constant, placed before `before`. */
  addConstant(tensor: FloatTensor, before: OnnxNode): string {
    const name = `folded_constant_${this.added}`;
    this.added += 1;
    const node: OnnxNode = { inputs: [], outputs: [name], opType: "Constant", attributes: [tensorAttribute(name, tensor)], rest: [] };
    this.nodes.splice(this.nodes.indexOf(before), 0, node);
    this.constantNodes.set(name, { node, value: new Uint8Array() });
    this.decoded.set(name, tensor);
    return name;
  }

  remove(...nodes: OnnxNode[]): void {
    this.nodes = this.nodes.filter((node) => !nodes.includes(node));
  }

  /** The conv's bias constant, made (zeros) when it has none. */
  biasOf(conv: OnnxNode): string {
    if (conv.inputs.length > 2) return conv.inputs[2]!;
    const name = this.addConstant({ dims: [this.tensor(conv.inputs[1]!).dims[0]!], values: new Float32Array(this.tensor(conv.inputs[1]!).dims[0]!) }, conv);
    conv.inputs.push(name);
    return name;
  }

  /** Whether a conv's weights and bias are constants of its own, which folding may change. */
  ownsParameters(conv: OnnxNode): boolean {
    return conv.inputs.slice(1).every((name) => this.constant(name) !== null && this.readers(name).length === 1);
  }
}

/** A 2-D convolution's input channels (weights [out, in / group, kh, kw]), or null when not known. */
function inputChannels(conv: OnnxNode, weight: FloatTensor): number | null {
  if (weight.dims.length !== 4) return null;
  const group = attribute(conv, "group")?.find((f) => f.no === ATTRIBUTE.i);
  return weight.dims[1]! * (group ? varintsOf([group], ATTRIBUTE.i)[0]! : 1);
}

function padded(conv: OnnxNode): boolean {
  const pads = attribute(conv, "pads");
  if (pads && varintsOf(pads, ATTRIBUTE.ints).some((pad) => pad !== 0)) return true;
  const autoPad = attribute(conv, "auto_pad")?.find((f) => f.no === ATTRIBUTE.s);
  return autoPad !== undefined && !["NOTSET", "VALID"].includes(textOf(autoPad));
}

const scaled = (tensor: FloatTensor, factor: number): FloatTensor => ({ dims: tensor.dims, values: tensor.values.map((v) => v * factor) });

/** Conv → Mul(a) → Add(b): weights a·W, bias a·bias + b. */
function foldAffineAfterConv(graph: Graph): number {
  let folded = 0;
  for (const conv of graph.nodes.filter((node) => node.opType === "Conv")) {
    const mul = graph.soleReader(conv.outputs[0]!, "Mul");
    const a = mul && graph.scalarOperand(mul);
    const add = mul && graph.soleReader(mul.outputs[0]!, "Add");
    const b = add && graph.scalarOperand(add);
    if (!mul || !a || !add || !b || !graph.ownsParameters(conv)) continue;
    const bias = graph.biasOf(conv);
    graph.setTensor(conv.inputs[1]!, scaled(graph.tensor(conv.inputs[1]!), a.value));
    graph.setTensor(bias, { dims: graph.tensor(bias).dims, values: graph.tensor(bias).values.map((v) => v * a.value + b.value) });
    conv.outputs[0] = add.outputs[0]!;
    graph.remove(mul, add);
    folded += 1;
  }
  return folded;
}

function clipBounds(graph: Graph, clip: OnnxNode): { min?: number; max?: number } {
  const bound = (name: string, input: number): number | undefined => {
    const field = attribute(clip, name)?.find((f) => f.no === ATTRIBUTE.f);
    if (field) return floatOf(field);
    // From opset 11 the bounds are inputs rather than attributes.
    const tensor = clip.inputs[input] ? graph.constant(clip.inputs[input]) : null;
    return tensor?.values.length === 1 ? tensor.values[0] : undefined;
  };
  return { min: bound("min", 1), max: bound("max", 2) };
}

/** x → Add(3) → Clip(0, 6) → Mul(x, ·) → Div(6): x · HardSigmoid(x; 1/6, 1/2). */
function foldHardSwish(graph: Graph): number {
  let folded = 0;
  for (const add of graph.nodes.filter((node) => node.opType === "Add")) {
    const three = graph.scalarOperand(add);
    const clip = three?.value === 3 ? graph.soleReader(add.outputs[0]!, "Clip") : null;
    const bounds = clip ? clipBounds(graph, clip) : null;
    const mul = clip && bounds?.min === 0 && bounds.max === 6 ? graph.soleReader(clip.outputs[0]!, "Mul") : null;
    const div = mul?.inputs.includes(three!.other) ? graph.soleReader(mul.outputs[0]!, "Div") : null;
    if (!div || graph.scalarOperand(div)?.value !== 6 || !graph.constant(div.inputs[1]!)) continue;
    const x = three!.other;
    const gateName = `${clip!.outputs[0]!}_gate`;
    const gate: OnnxNode = { inputs: [x], outputs: [gateName], opType: "HardSigmoid", attributes: [floatAttribute("alpha", 1 / 6), floatAttribute("beta", 0.5)], rest: [] };
    const product: OnnxNode = { inputs: [x, gateName], outputs: [div.outputs[0]!], opType: "Mul", attributes: [], rest: [] };
    const at = graph.nodes.indexOf(add);
    graph.remove(add, clip!, mul!, div);
    graph.nodes.splice(at, 0, gate, product);
    folded += 1;
  }
  return folded;
}

/** Mul(c) → Add(d) → Conv(s) reading it as their input: into the convs (see the file's comment for padded ones). */
function foldAffineBeforeConv(graph: Graph): number {
  let folded = 0;
  for (const mul of graph.nodes.filter((node) => node.opType === "Mul")) {
    const c = graph.scalarOperand(mul);
    const add = c && c.value !== 0 ? graph.soleReader(mul.outputs[0]!, "Add") : null;
    const d = add && graph.scalarOperand(add);
    if (!add || !d || graph.isOutput(add.outputs[0]!)) continue;
    const convs = graph.readers(add.outputs[0]!);
    if (convs.length === 0 || convs.some((conv) => conv.opType !== "Conv" || conv.inputs[0] !== add.outputs[0] || !graph.ownsParameters(conv))) continue;
    if (convs.some((conv) => padded(conv))) {
      if (convs.length !== 1) continue;
      const conv = convs[0]!;
      const weight = scaled(graph.tensor(conv.inputs[1]!), c!.value);
      graph.setTensor(conv.inputs[1]!, weight);
      const shift = d.value / c!.value;
      const channels = inputChannels(conv, weight);
      if (channels !== null) {
        // The Add as a 1×1 depthwise convolution (weight 1, bias d/c: x·1 + b is x + b exactly): ONNX Runtime keeps
        // a run of convolutions in its blocked (NCHWc) layout, while an Add with a constant between them makes it
        // reorder the feature map out of that layout and back, two more passes over it.
        const ones = graph.addConstant({ dims: [channels, 1, 1, 1], values: new Float32Array(channels).fill(1) }, add);
        const bias = graph.addConstant({ dims: [channels], values: new Float32Array(channels).fill(shift) }, add);
        add.opType = "Conv";
        add.inputs = [c!.other, ones, bias];
        add.attributes = [intAttribute("group", channels)];
      } else {
        add.inputs = [c!.other, graph.addConstant({ dims: [], values: Float32Array.of(shift) }, add)];
      }
      graph.remove(mul);
      folded += 1;
      continue;
    }
    for (const conv of convs) {
      const weight = graph.tensor(conv.inputs[1]!);
      const bias = graph.biasOf(conv);
      const perOutput = weight.values.length / weight.dims[0]!;
      const sums = graph.tensor(bias).values.map((v, o) => {
        let sum = 0;
        for (let k = o * perOutput; k < (o + 1) * perOutput; k += 1) sum += weight.values[k]!;
        return v + d.value * sum;
      });
      graph.setTensor(bias, { dims: graph.tensor(bias).dims, values: sums });
      graph.setTensor(conv.inputs[1]!, scaled(weight, c!.value));
      conv.inputs[0] = c!.other;
    }
    graph.remove(mul, add);
    folded += 1;
  }
  return folded;
}

/**
 * x → Mul(x, g) → Add(x, ·), g a channel gate (HardSigmoid of a squeeze-and-excitation): Mul(x, g + 1). The gate's
 * [1, C, 1, 1] tensor gains one, and the feature map is read and written once instead of twice. The detector's neck
 * (RSEFPN) weighs each of its eight maps so, at a quarter of the page's size and below; ONNX Runtime runs these steps
 * outside its blocked layout, so each pass over a map costs in full.
 */
function foldGateResidual(graph: Graph): number {
  let folded = 0;
  for (const mul of graph.nodes.filter((node) => node.opType === "Mul" && node.inputs.length === 2)) {
    const [x, gate] = mul.inputs as [string, string];
    if (graph.nodes.find((node) => node.outputs.includes(gate))?.opType !== "HardSigmoid") continue;
    const add = graph.soleReader(mul.outputs[0]!, "Add");
    if (!add || add.inputs.length !== 2 || !add.inputs.includes(x)) continue;
    const one = graph.addConstant({ dims: [], values: Float32Array.of(1) }, mul);
    const plusOne: OnnxNode = { inputs: [gate, one], outputs: [`${gate}_plus_one`], opType: "Add", attributes: [], rest: [] };
    mul.inputs = [x, plusOne.outputs[0]!];
    mul.outputs = [add.outputs[0]!];
    graph.remove(add);
    graph.nodes.splice(graph.nodes.indexOf(mul), 0, plusOne);
    folded += 1;
  }
  return folded;
}

export type FoldCounts = { affineAfterConv: number; hardSwish: number; affineBeforeConv: number; gateResidual: number };

/** The model's bytes with its convolutions' elementwise steps folded (see above), and how many of each were. */
export function foldModel(model: Uint8Array): { model: Uint8Array; folded: FoldCounts } {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.no === MODEL_GRAPH);
  if (!graphField) throw new Error("The ONNX model has no graph");
  const graphFields = readFields(graphField.payload);
  const outputs = new Set(graphFields.filter((f) => f.no === GRAPH_OUTPUT).flatMap((f) => readFields(f.payload).filter((g) => g.no === 1).map(textOf)));
  const graph = new Graph(
    graphFields.filter((f) => f.no === GRAPH_NODE).map((f) => decodeNode(f.payload)),
    outputs,
  );
  const folded = {
    affineAfterConv: foldAffineAfterConv(graph),
    hardSwish: foldHardSwish(graph),
    affineBeforeConv: foldAffineBeforeConv(graph),
    gateResidual: foldGateResidual(graph),
  };
  const used = new Set(graph.nodes.flatMap((node) => node.inputs));
  graph.remove(...graph.nodes.filter((node) => node.opType === "Constant" && !used.has(node.outputs[0]!) && !graph.isOutput(node.outputs[0]!)));
  const newGraph = [...graph.nodes.flatMap((node) => bytesField(GRAPH_NODE, encodeNode(node))), ...graphFields.filter((f) => f.no !== GRAPH_NODE).map((f) => f.raw)];
  const newModel = concatBytes(modelFields.flatMap((f) => (f === graphField ? bytesField(MODEL_GRAPH, newGraph) : [f.raw])));
  return { model: newModel, folded };
}

