import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { ActivationRanges } from "./activation-ranges";

const run = (a: number[], b: number[]) => ({ a: new ort.Tensor("float32", Float32Array.from(a), [a.length]), b: new ort.Tensor("float32", Float32Array.from(b), [b.length]) });

describe("ActivationRanges", () => {
  it("keeps the extremes met and the percentile of each run's extremes, per tensor", () => {
    const ranges = new ActivationRanges(["a", "b"]);
    // 1,001 runs: one outlier run widens minmax but not p999.
    for (let i = 0; i < 1000; i += 1) ranges.record(run([-1, 0, 1], [0, 2]));
    ranges.record(run([-50, 40], [0, 2]));
    const out = ranges.ranges();
    expect(out.a).toEqual({ minmax: [-50, 40], p999: [-1, 1] });
    expect(out.b).toEqual({ minmax: [0, 2], p999: [0, 2] });
  });
});
