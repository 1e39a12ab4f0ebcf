"""
Static int8 quantisation (QDQ) of PP-OCRv4's recogniser, for ONNX Runtime's CPU provider. Offline tooling only:
Debian's python3-onnx and python3-numpy (onnx has no quantiser, so the rewrite is done here, the way onnxruntime's
quantize_static does it in QDQ format). Nothing of this runs in the product.

Where the recogniser's CPU goes (ONNX Runtime profile, one thread, a 640 px line): convolutions 80 %, of it two thirds
in the 1×1 (pointwise) convolutions of the backbone, which are matrix products; the MatMuls of the SVTR neck and the
CTC head ~6 %. So the pointwise convolutions (and the neck's 1×3 convolutions) are quantised: weights int8 symmetric
per output channel, activations uint8 per tensor with ranges gathered by running the float graph on lines of the
training corpus. ONNX Runtime fuses each DequantizeLinear → Conv → QuantizeLinear group into one QLinearConv.

Steps (see scripts/ocr/README.md):
  1. prepare  <src.onnx> <folded-opset13.onnx> <calibration.onnx> <targets.json>
       folds the affine steps (scripts/models/fold-affine.py), converts opset 9 → 13 (per-channel DequantizeLinear
       needs its axis attribute), lists the convolutions to quantise and writes a copy whose extra outputs are their
       input and output tensors, for the calibration run (scripts/ocr/calibrate-recogniser.ts).
  2. quantize <folded-opset13.onnx> <ranges.json> <out.onnx> [--range minmax|p999] [--min-inputs N] [--depthwise]
              [--pointwise-only] [--only conv,conv]
       inserts QuantizeLinear/DequantizeLinear around the listed convolutions using the gathered ranges.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import helper, numpy_helper, version_converter

HERE = os.path.dirname(os.path.abspath(__file__))
FOLD = os.path.join(HERE, "..", "models", "fold-affine.py")


def constants(graph):
    return {n.output[0]: n for n in graph.node if n.op_type == "Constant"}


def const_array(node):
    return numpy_helper.to_array(node.attribute[0].t)


def attr(node, name, default=None):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def targets_of(graph, min_inputs=16, depthwise=False, backbone_only=False, only=None):
    """Convolutions worth quantising: the non-grouped ones with at least `min_inputs` input channels (the first
    convolution, on the raw pixels, has 3: too small a matrix to gain). With few input channels the QuantizeLinear
    and DequantizeLinear passes around a convolution cost more than its int8 arithmetic saves. `depthwise` adds the
    depthwise convolutions (one group a channel) of as many channels."""
    consts = constants(graph)
    out = []
    for n in graph.node:
        if n.op_type != "Conv" or n.input[1] not in consts:
            continue
        w = const_array(consts[n.input[1]])
        group = attr(n, "group", 1)
        if group == 1 and w.shape[1] < min_inputs:
            continue
        if group != 1 and not (depthwise and group == w.shape[0] and w.shape[1] == 1 and group >= min_inputs):
            continue
        if only and n.name not in only:
            continue
        if backbone_only and w.shape[2:] != (1, 1):
            continue  # the neck's 1×3 convolutions, next to the sequence model
        out.append({"name": n.name, "input": n.input[0], "output": n.output[0], "weight": n.input[1],
                    "bias": n.input[2] if len(n.input) > 2 else None, "shape": list(w.shape)})
    return out


def to_opset13(model):
    """Opset 9 → 12 with onnx's converter, then 12 → 13 by hand: its Softmax adapter needs ranks shape inference
    cannot give here. Of the graph's ops only Squeeze (axes become an input) and Softmax (which now normalises along
    one axis instead of over the flattened tail) change at 13; every Softmax here takes the last axis, where both
    definitions agree, which is checked."""
    model = version_converter.convert_version(model, 12)
    nodes = []
    for n in model.graph.node:
        if n.op_type == "Squeeze":
            axes = attr(n, "axes")
            name = n.output[0] + "_axes"
            nodes.append(helper.make_node("Constant", [], [name], value=numpy_helper.from_array(np.array(axes, dtype=np.int64), name)))
            del n.attribute[:]
            n.input.append(name)
        nodes.append(n)
    del model.graph.node[:]
    model.graph.node.extend(nodes)
    softmax_last = {"p2o.MatMul.3": 3, "p2o.MatMul.15": 3, "p2o.Add.277": 2}  # input → rank − 1
    for n in model.graph.node:
        if n.op_type == "Softmax":
            assert softmax_last.get(n.input[0]) == attr(n, "axis"), f"Softmax {n.name} is not over its last axis"
    model.opset_import[0].version = 13
    return model


def write_calibration_copy(model, targets, calib_path, targets_path):
    """The model with every tensor a target convolution reads or writes as an extra output (what the calibration
    scripts record ranges of), and the targets with those tensors' names."""
    calib = onnx.ModelProto()
    calib.CopyFrom(model)
    names = sorted({t["input"] for t in targets} | {t["output"] for t in targets})
    for name in names:
        calib.graph.output.append(helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    onnx.save(calib, calib_path)
    with open(targets_path, "w") as f:
        json.dump({"targets": targets, "tensors": names}, f, indent=1)
    print(f"{len(targets)} convolutions to quantise, {len(names)} tensors to calibrate")


def prepare(src, folded_path, calib_path, targets_path):
    with tempfile.TemporaryDirectory() as tmp:
        folded9 = os.path.join(tmp, "folded.onnx")
        subprocess.run([sys.executable, FOLD, src, folded9], check=True)
        model = onnx.load(folded9)
    model = to_opset13(model)
    onnx.checker.check_model(model)
    onnx.save(model, folded_path)
    targets = targets_of(model.graph, depthwise=True)
    write_calibration_copy(model, targets, calib_path, targets_path)


# Operators of the folded detector whose definition is the same at opset 11 and 13 for the way the graph uses them
# (Resize's roi and scales inputs stay as they are; none of the others changed between the two).
DETECTOR_OPS = {"Constant", "Conv", "ConvTranspose", "Mul", "Add", "HardSigmoid", "Relu", "GlobalAveragePool", "Resize",
                "BatchNormalization", "Concat", "Sigmoid"}


def prepare_detector(src, opset13_path, calib_path, targets_path):
    """The detector as the product loads it (already folded by graph-folding.ts), declared at opset 13 so that
    DequantizeLinear can take one scale per output channel; it has no operator whose meaning changed since 11."""
    model = onnx.load(src)
    unknown = {n.op_type for n in model.graph.node} - DETECTOR_OPS
    assert not unknown, f"operators not checked for opset 13: {unknown}"
    assert model.opset_import[0].version == 11, model.opset_import
    model.opset_import[0].version = 13
    onnx.checker.check_model(model)
    onnx.save(model, opset13_path)
    targets = targets_of(model.graph)
    write_calibration_copy(model, targets, calib_path, targets_path)


def uint8_params(lo, hi):
    """Asymmetric uint8 scale and zero point covering [lo, hi] (and 0, so zero padding stays exact)."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    scale = (hi - lo) / 255.0 if hi > lo else 1.0
    zero = int(round(-lo / scale))
    return np.float32(scale), np.uint8(min(255, max(0, zero)))


def quantize(folded_path, ranges_path, out_path, percentile_key, min_inputs, depthwise, backbone_only, only):
    model = onnx.load(folded_path)
    graph = model.graph
    with open(ranges_path) as f:
        ranges = json.load(f)["ranges"]
    targets = targets_of(graph, min_inputs, depthwise, backbone_only, only)
    consts = constants(graph)
    new_nodes = {}  # conv name -> nodes to insert before it
    qdq_done = {}  # tensor -> dequantised name
    count = [0]

    def uid(base):
        count[0] += 1
        return f"{base}_q{count[0]}"

    def const_node(name, array):
        return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array, name))

    def activation_qdq(tensor, before):
        """Q → DQ of a float tensor; the reader(s) take the DQ's output instead."""
        if tensor in qdq_done:
            return qdq_done[tensor]
        lo, hi = ranges[tensor][percentile_key]
        scale, zero = uint8_params(lo, hi)
        s, z, q, dq = uid(tensor + "_scale"), uid(tensor + "_zero"), uid(tensor + "_quant"), uid(tensor + "_dequant")
        nodes = [const_node(s, np.array(scale, dtype=np.float32)), const_node(z, np.array(zero, dtype=np.uint8)),
                 helper.make_node("QuantizeLinear", [tensor, s, z], [q], name=uid("Q")),
                 helper.make_node("DequantizeLinear", [q, s, z], [dq], name=uid("DQ"))]
        new_nodes.setdefault(before, []).extend(nodes)
        qdq_done[tensor] = (dq, scale)
        return qdq_done[tensor]

    outputs_requant = {}
    for t in targets:
        conv = next(n for n in graph.node if n.name == t["name"])
        x_dq, x_scale = activation_qdq(t["input"], conv.name)
        w = const_array(consts[t["weight"]]).astype(np.float32)
        w_scale = np.maximum(np.abs(w).reshape(w.shape[0], -1).max(axis=1), 1e-8) / 127.0
        b = const_array(consts[t["bias"]]).astype(np.float32) if t["bias"] else None
        if b is not None:
            # A channel whose weights are (nearly) all zero would get a bias step too fine for int32: widen its scale.
            w_scale = np.maximum(w_scale, np.abs(b) / (x_scale * 2.0**30))
        w_q = np.clip(np.round(w / w_scale.reshape(-1, 1, 1, 1)), -127, 127).astype(np.int8)
        ws, wz, wq, wdq = uid(t["weight"] + "_scale"), uid(t["weight"] + "_zero"), uid(t["weight"] + "_int8"), uid(t["weight"] + "_dequant")
        nodes = [const_node(ws, w_scale.astype(np.float32)), const_node(wz, np.zeros(w.shape[0], dtype=np.int8)),
                 const_node(wq, w_q), helper.make_node("DequantizeLinear", [wq, ws, wz], [wdq], name=uid("DQ"), axis=0)]
        inputs = [x_dq, wdq]
        if b is not None:
            # The bias in int32 at the product of the input's and the weights' steps, as QLinearConv adds it.
            b_scale = (w_scale * x_scale).astype(np.float32)
            b_q = np.round(b / b_scale).astype(np.int32)
            bs, bz, bq, bdq = uid(t["bias"] + "_scale"), uid(t["bias"] + "_zero"), uid(t["bias"] + "_int32"), uid(t["bias"] + "_dequant")
            nodes += [const_node(bs, b_scale), const_node(bz, np.zeros(w.shape[0], dtype=np.int32)), const_node(bq, b_q),
                      helper.make_node("DequantizeLinear", [bq, bs, bz], [bdq], name=uid("DQ"), axis=0)]
            inputs.append(bdq)
        new_nodes.setdefault(conv.name, []).extend(nodes)
        del conv.input[:]
        conv.input.extend(inputs)
        outputs_requant[conv.name] = t["output"]

    # Each quantised convolution's output goes through Q → DQ (ONNX Runtime then runs the group as one QLinearConv
    # writing uint8); its readers take the dequantised tensor.
    after_nodes = {}
    for conv_name, out in outputs_requant.items():
        lo, hi = ranges[out][percentile_key]
        scale, zero = uint8_params(lo, hi)
        raw = uid(out + "_float")
        conv = next(n for n in graph.node if n.name == conv_name)
        conv.output[0] = raw
        s, z, q = uid(out + "_scale"), uid(out + "_zero"), uid(out + "_quant")
        after_nodes[conv_name] = [const_node(s, np.array(scale, dtype=np.float32)), const_node(z, np.array(zero, dtype=np.uint8)),
                                  helper.make_node("QuantizeLinear", [raw, s, z], [q], name=uid("Q")),
                                  helper.make_node("DequantizeLinear", [q, s, z], [out], name=uid("DQ"))]
    ordered = []
    for n in graph.node:
        ordered.extend(new_nodes.get(n.name, []))
        ordered.append(n)
        ordered.extend(after_nodes.get(n.name, []))
    # Drop the float weights and biases no node reads any more.
    read = {i for n in ordered for i in n.input}
    ordered = [n for n in ordered if not (n.op_type == "Constant" and n.output[0] not in read and n.output[0] not in {o.name for o in graph.output})]
    del graph.node[:]
    graph.node.extend(ordered)
    onnx.checker.check_model(model)
    onnx.save(model, out_path)
    print(f"{len(targets)} convolutions quantised -> {out_path} ({os.path.getsize(out_path) / 1e6:.1f} MB)")


def quantize_dynamic(folded_path, out_path, min_inputs, only):
    """Dynamic int8 (as onnxruntime's quantize_dynamic writes it for Conv): each run quantises a convolution's input to
    uint8 over that input's own range (DynamicQuantizeLinear), ConvInteger multiplies it by int8 weights (symmetric,
    one scale per output channel) into int32, and the product is scaled back to float and the bias added. No
    calibration, and no output quantised: only the input's and the weights' rounding."""
    model = onnx.load(folded_path)
    graph = model.graph
    consts = constants(graph)
    targets = targets_of(graph, min_inputs, False, False, only)
    before, after = {}, {}
    count = [0]

    def uid(base):
        count[0] += 1
        return f"{base}_d{count[0]}"

    def const_node(name, array):
        return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array, name))

    for t in targets:
        conv = next(n for n in graph.node if n.name == t["name"])
        w = const_array(consts[t["weight"]]).astype(np.float32)
        w_scale = np.maximum(np.abs(w).reshape(w.shape[0], -1).max(axis=1), 1e-8) / 127.0
        w_q = np.clip(np.round(w / w_scale.reshape(-1, 1, 1, 1)), -127, 127).astype(np.int8)
        xq, xs, xz = uid("xq"), uid("xs"), uid("xz")
        wq, wz = uid("wq"), uid("wz")
        acc, accf, s_all, scaled = uid("acc"), uid("accf"), uid("s"), uid("scaled")
        nodes = [helper.make_node("DynamicQuantizeLinear", [t["input"]], [xq, xs, xz], name=uid("DQL")),
                 const_node(wq, w_q), const_node(wz, np.zeros(1, dtype=np.int8)),
                 helper.make_node("ConvInteger", [xq, wq, xz, wz], [acc], name=uid("ConvInteger"),
                                  **{a.name: helper.get_attribute_value(a) for a in conv.attribute}),
                 helper.make_node("Cast", [acc], [accf], name=uid("Cast"), to=onnx.TensorProto.FLOAT),
                 const_node(uid("ws"), w_scale.reshape(1, -1, 1, 1).astype(np.float32))]
        ws = nodes[-1].output[0]
        nodes += [helper.make_node("Mul", [xs, ws], [s_all], name=uid("Mul")),
                  helper.make_node("Mul", [accf, s_all], [scaled if t["bias"] else t["output"]], name=uid("Mul"))]
        if t["bias"]:
            b = const_array(consts[t["bias"]]).astype(np.float32).reshape(1, -1, 1, 1)
            bn = uid("bias")
            nodes += [const_node(bn, b), helper.make_node("Add", [scaled, bn], [t["output"]], name=uid("Add"))]
        before[conv.name] = nodes
    ordered = []
    for n in graph.node:
        if n.name in before:
            ordered.extend(before[n.name])
        else:
            ordered.append(n)
    read = {i for n in ordered for i in n.input}
    ordered = [n for n in ordered if not (n.op_type == "Constant" and n.output[0] not in read)]
    del graph.node[:]
    graph.node.extend(ordered)
    onnx.checker.check_model(model)
    onnx.save(model, out_path)
    print(f"{len(targets)} convolutions quantised dynamically -> {out_path} ({os.path.getsize(out_path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "prepare":
        prepare(*args[:4])
    elif cmd == "prepare-detector":
        prepare_detector(*args[:4])
    elif cmd == "quantize":
        key = args[args.index("--range") + 1] if "--range" in args else "minmax"
        min_inputs = int(args[args.index("--min-inputs") + 1]) if "--min-inputs" in args else 16
        quantize(args[0], args[1], args[2], key, min_inputs, "--depthwise" in args, "--pointwise-only" in args,
                 set(args[args.index("--only") + 1].split(",")) if "--only" in args else None)
    elif cmd == "quantize-dynamic":
        min_inputs = int(args[args.index("--min-inputs") + 1]) if "--min-inputs" in args else 16
        quantize_dynamic(args[0], args[1], min_inputs, set(args[args.index("--only") + 1].split(",")) if "--only" in args else None)
    else:
        sys.exit(__doc__)
