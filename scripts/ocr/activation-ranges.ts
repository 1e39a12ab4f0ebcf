/**
 * Activation ranges for int8 calibration, shared by the recogniser's and the detector's calibration scripts: each
 * run's extremes per tensor, then two ranges per tensor: `minmax` (the extremes met, as onnxruntime's MinMax
 * calibrator) and `p999` (the 0.1st and 99.9th percentile of the runs' own extremes: a rare outlier run does not widen
 * every other run's steps).
 */
import type * as ort from "onnxruntime-node";

export type TensorRange = { minmax: [number, number]; p999: [number, number] };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((sorted.length - 1) * p)))]!;
}

export class ActivationRanges {
  private readonly lows: Map<string, number[]>;
  private readonly highs: Map<string, number[]>;

  constructor(private readonly tensors: readonly string[]) {
    this.lows = new Map(tensors.map((t) => [t, []]));
    this.highs = new Map(tensors.map((t) => [t, []]));
  }

  /** Records one run's extremes of every tensor. */
  record(output: ort.InferenceSession.OnnxValueMapType): void {
    for (const name of this.tensors) {
      const data = output[name]!.data as Float32Array;
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of data) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      this.lows.get(name)!.push(lo);
      this.highs.get(name)!.push(hi);
    }
  }

  /** Each tensor's ranges over the runs recorded. */
  ranges(): Record<string, TensorRange> {
    return Object.fromEntries(
      this.tensors.map((name) => {
        const lo = [...this.lows.get(name)!].sort((a, b) => a - b);
        const hi = [...this.highs.get(name)!].sort((a, b) => a - b);
        return [name, { minmax: [lo[0]!, hi[hi.length - 1]!], p999: [percentile(lo, 0.001), percentile(hi, 0.999)] }];
      }),
    );
  }
}
