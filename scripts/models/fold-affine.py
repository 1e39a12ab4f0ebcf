"""
Folds a PP-OCRv4 graph (recogniser or detector) into fewer elementwise steps, without changing what it computes (up to float
rounding). Paddle2ONNX exported PPLCNetV3's learnable affine blocks and hard-swish as separate Mul/Add/Clip/Div nodes
after every convolution (8 elementwise passes over each feature map per convolution); ONNX Runtime fuses none of
them. Here:
  * Conv → Mul(a) → Add(b)         becomes Conv with weights a·W and bias a·bias + b;
  * x·clip(x + 3, 0, 6) / 6         becomes x · HardSigmoid(x; 1/6, 1/2);
  * Mul(c) → Add(d) → unpadded Conv becomes Conv with weights c·W and bias + d·ΣW;
  * Mul(c) → Add(d) → padded Conv   becomes Add(d/c) → Conv with weights c·W (zero padding of c·(h + d/c) is
                                     zero padding of h + d/c, so the borders stay exact), the Add written as a
                                     1×1 depthwise Conv with weight 1 and bias d/c.
Usage (python3-onnx, Debian package): python3 scripts/models/fold-affine.py <in.onnx> <out.onnx>
"""
import sys
import numpy as np
import onnx
from onnx import helper, numpy_helper

src, dst = sys.argv[1], sys.argv[2]
model = onnx.load(src)
graph = model.graph
nodes = list(graph.node)

consts = {}
for n in nodes:
    if n.op_type == "Constant":
        consts[n.output[0]] = (n, numpy_helper.to_array(n.attribute[0].t))


def set_const(name, array):
    node, _ = consts[name]
    node.attribute[0].t.CopyFrom(numpy_helper.from_array(array.astype(np.float32), name))
    consts[name] = (node, array)


new_const_count = [0]


def add_const(array, before):
    name = f"folded_const_{new_const_count[0]}"
    new_const_count[0] += 1
    node = helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array.astype(np.float32), name))
    consts[name] = (node, array)
    nodes.insert(nodes.index(before), node)
    return name


def consumers(name):
    return [n for n in nodes if name in n.input]


def graph_output(name):
    return any(o.name == name for o in graph.output)


def scalar_operand(node):
    """The other input's scalar value when one input of a Mul/Add/Div is a scalar constant."""
    for i, x in enumerate(node.input):
        if x in consts and consts[x][1].size == 1:
            return float(consts[x][1].reshape(-1)[0]), node.input[1 - i]
    return None, None


def rename_input(old, new):
    for n in nodes:
        for i, x in enumerate(n.input):
            if x == old:
                n.input[i] = new


def padded(conv):
    for a in conv.attribute:
        if a.name == "pads" and any(helper.get_attribute_value(a)):
            return True
        if a.name == "auto_pad" and helper.get_attribute_value(a) not in (b"NOTSET", b"VALID"):
            return True
    return False


def conv_bias(conv):
    weight = consts[conv.input[1]][1]
    if len(conv.input) > 2:
        return consts[conv.input[2]][1]
    name = add_const(np.zeros(weight.shape[0], np.float32), conv)
    conv.input.append(name)
    return consts[name][1]


folded = {"conv_affine": 0, "hardswish": 0, "pre_affine_unpadded": 0, "pre_affine_padded": 0}

# 1. Conv → Mul(a) → Add(b)
for conv in [n for n in nodes if n.op_type == "Conv"]:
    out = conv.output[0]
    users = consumers(out)
    if len(users) != 1 or users[0].op_type != "Mul" or graph_output(out):
        continue
    mul = users[0]
    a, _ = scalar_operand(mul)
    if a is None:
        continue
    add_users = consumers(mul.output[0])
    if len(add_users) != 1 or add_users[0].op_type != "Add":
        continue
    add = add_users[0]
    b, _ = scalar_operand(add)
    if b is None:
        continue
    weight = consts[conv.input[1]][1]
    bias = conv_bias(conv)
    set_const(conv.input[1], weight * a)
    set_const(conv.input[2], bias * a + b)
    conv.output[0] = add.output[0]
    nodes.remove(mul)
    nodes.remove(add)
    folded["conv_affine"] += 1

# 2. hard-swish: x → Add(3) → Clip(0, 6) → Mul(x, ·) → Div(6)
for add in [n for n in nodes if n.op_type == "Add"]:
    three, x = scalar_operand(add)
    if three != 3.0:
        continue
    clips = consumers(add.output[0])
    if len(clips) != 1 or clips[0].op_type != "Clip":
        continue
    clip = clips[0]
    bounds = {a.name: helper.get_attribute_value(a) for a in clip.attribute}
    # From opset 11 the bounds are inputs rather than attributes.
    for key, i in (("min", 1), ("max", 2)):
        if len(clip.input) > i and clip.input[i] in consts:
            bounds[key] = float(consts[clip.input[i]][1].reshape(-1)[0])
    if bounds.get("min") != 0.0 or bounds.get("max") != 6.0:
        continue
    muls = consumers(clip.output[0])
    if len(muls) != 1 or muls[0].op_type != "Mul" or x not in muls[0].input:
        continue
    mul = muls[0]
    divs = consumers(mul.output[0])
    if len(divs) != 1 or divs[0].op_type != "Div":
        continue
    div = divs[0]
    six, _ = scalar_operand(div)
    if six != 6.0 or div.input[1] not in consts:
        continue
    gate = helper.make_node("HardSigmoid", [x], [clip.output[0] + "_gate"], alpha=1.0 / 6.0, beta=0.5)
    product = helper.make_node("Mul", [x, gate.output[0]], [div.output[0]])
    at = nodes.index(add)
    for n in (add, clip, mul, div):
        nodes.remove(n)
    nodes[at:at] = [gate, product]
    folded["hardswish"] += 1

# 3. Mul(c) → Add(d) → Conv(s)
for mul in [n for n in nodes if n.op_type == "Mul"]:
    c, h = scalar_operand(mul)
    if c is None or c == 0.0:
        continue
    adds = consumers(mul.output[0])
    if len(adds) != 1 or adds[0].op_type != "Add":
        continue
    add = adds[0]
    d, _ = scalar_operand(add)
    if d is None or graph_output(add.output[0]):
        continue
    convs = consumers(add.output[0])
    if not convs or any(n.op_type != "Conv" or n.input[0] != add.output[0] for n in convs):
        continue
    if any(sum(1 for m in nodes if m.input and len(m.input) > 1 and m.input[1] == n.input[1]) > 1 for n in convs):
        continue  # shared weights: folding would change the other user
    if any(padded(n) for n in convs):
        if len(convs) != 1:
            continue
        conv = convs[0]
        set_const(conv.input[1], consts[conv.input[1]][1] * c)
        weight = consts[conv.input[1]][1]
        channels = weight.shape[1] * next((helper.get_attribute_value(a) for a in conv.attribute if a.name == "group"), 1)
        # The Add as a 1×1 depthwise Conv (weight 1, bias d/c), as graph-folding.ts writes it: ONNX Runtime keeps the
        # feature map in its blocked layout between two convolutions.
        ones = add_const(np.ones((channels, 1, 1, 1), np.float32), add)
        shift = add_const(np.full(channels, d / c, np.float32), add)
        add.op_type = "Conv"
        add.input[:] = [h, ones, shift]
        del add.attribute[:]
        add.attribute.append(helper.make_attribute("group", int(channels)))
        nodes.remove(mul)
        folded["pre_affine_padded"] += 1
        continue
    for conv in convs:
        weight = consts[conv.input[1]][1]
        bias = conv_bias(conv)
        set_const(conv.input[2], bias + d * weight.sum(axis=(1, 2, 3)))
        set_const(conv.input[1], weight * c)
        conv.input[0] = h
    nodes.remove(mul)
    nodes.remove(add)
    folded["pre_affine_unpadded"] += 1

# Drop constants no node reads any more.
used = {x for n in nodes for x in n.input} | {o.name for o in graph.output}
nodes = [n for n in nodes if not (n.op_type == "Constant" and n.output[0] not in used)]
del graph.node[:]
graph.node.extend(nodes)
onnx.checker.check_model(model)
onnx.save(model, dst)
print(folded, "nodes", len([n for n in nodes if n.op_type != "Constant"]))
