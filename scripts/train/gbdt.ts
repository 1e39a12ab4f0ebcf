/**
 * A small gradient-boosted tree learner for binary log-loss (second-order, histogram splits), enough for tens of
 * thousands of candidates and a few dozen features. Trees come out in the node-array shape lib/extraction/scorer
 * evaluates at run time; nothing here runs in the engine.
 */
import type { Tree } from "../../lib/extraction/scorer/model";

export type GbdtSettings = { rounds: number; depth: number; learningRate: number; lambda: number; minHessian: number; bins: number };

export const DEFAULT_SETTINGS: GbdtSettings = { rounds: 150, depth: 3, learningRate: 0.1, lambda: 1, minHessian: 1, bins: 32 };

export type Gbdt = { base: number; learningRate: number; trees: Tree[] };

/** Up to `bins` - 1 cut points per feature, at the quantiles of its distinct values. */
function cutPoints(column: Float64Array, bins: number): number[] {
  const distinct = [...new Set(column)].sort((a, b) => a - b);
  if (distinct.length <= bins) return distinct.slice(0, -1).map((v, i) => (v + distinct[i + 1]!) / 2);
  const cuts: number[] = [];
  for (let k = 1; k < bins; k += 1) {
    const i = Math.floor((k * distinct.length) / bins);
    const cut = (distinct[i - 1]! + distinct[i]!) / 2;
    if (cuts[cuts.length - 1] !== cut) cuts.push(cut);
  }
  return cuts;
}

export function trainGbdt(x: number[][], y: number[], settings: GbdtSettings = DEFAULT_SETTINGS): Gbdt {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const cuts: number[][] = [];
  // Bin index of every value: a split scans a histogram per feature instead of sorting.
  const binned: Uint8Array[] = [];
  for (let j = 0; j < d; j += 1) {
    const column = Float64Array.from(x, (row) => row[j]!);
    const c = cutPoints(column, settings.bins);
    cuts.push(c);
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) {
      let k = 0;
      while (k < c.length && column[i]! > c[k]!) k += 1;
      b[i] = k;
    }
    binned.push(b);
  }
  const positives = y.reduce((s, v) => s + v, 0);
  const prior = Math.min(0.99, Math.max(0.01, positives / Math.max(1, n)));
  const base = Math.log(prior / (1 - prior));
  const margin = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: Tree[] = [];
  const { lambda, minHessian, depth, learningRate } = settings;
  for (let round = 0; round < settings.rounds; round += 1) {
    for (let i = 0; i < n; i += 1) {
      const p = 1 / (1 + Math.exp(-margin[i]!));
      g[i] = p - y[i]!;
      h[i] = Math.max(1e-6, p * (1 - p));
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const splitBin: number[] = [];
    const grow = (rows: Int32Array, level: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let G = 0;
      let H = 0;
      for (const i of rows) {
        G += g[i]!;
        H += h[i]!;
      }
      tree.value.push(-G / (H + lambda));
      if (level >= depth || H < 2 * minHessian) return node;
      let bestGain = 1e-6;
      let bestFeature = -1;
      let bestBin = -1;
      const parent = (G * G) / (H + lambda);
      for (let j = 0; j < d; j += 1) {
        const nb = cuts[j]!.length + 1;
        if (nb < 2) continue;
        const hg = new Float64Array(nb);
        const hh = new Float64Array(nb);
        const b = binned[j]!;
        for (const i of rows) {
          hg[b[i]!] = (hg[b[i]!] ?? 0) + g[i]!;
          hh[b[i]!] = (hh[b[i]!] ?? 0) + h[i]!;
        }
        let gl = 0;
        let hl = 0;
        for (let k = 0; k < nb - 1; k += 1) {
          gl += hg[k]!;
          hl += hh[k]!;
          const hr = H - hl;
          if (hl < minHessian || hr < minHessian) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
          if (gain > bestGain) {
            bestGain = gain;
            bestFeature = j;
            bestBin = k;
          }
        }
      }
      if (bestFeature < 0) return node;
      const b = binned[bestFeature]!;
      const leftRows = rows.filter((i) => b[i]! <= bestBin);
      const rightRows = rows.filter((i) => b[i]! > bestBin);
      tree.feature[node] = bestFeature;
      tree.threshold[node] = cuts[bestFeature]![bestBin]!;
      splitBin[node] = bestBin;
      tree.left[node] = grow(leftRows, level + 1);
      tree.right[node] = grow(rightRows, level + 1);
      return node;
    };
    grow(Int32Array.from({ length: n }, (_, i) => i), 0);
    trees.push(tree);
    for (let i = 0; i < n; i += 1) {
      let node = 0;
      while (tree.feature[node]! >= 0) node = binned[tree.feature[node]!]![i]! <= splitBin[node]! ? tree.left[node]! : tree.right[node]!;
      margin[i] = (margin[i] ?? 0) + learningRate * tree.value[node]!;
    }
  }
  return { base, learningRate, trees };
}

/** Logistic regression by Newton's method (a small ridge keeps it finite when a column separates the outcomes). */
export function fitLogistic(rows: number[][], outcomes: number[], ridge = 1e-3): number[] {
  const d = rows[0]?.length ?? 0;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < 100; it += 1) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? ridge : 0)));
    rows.forEach((x, n) => {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * w[i]!, 0)));
      const e = p - outcomes[n]!;
      const q = p * (1 - p);
      for (let i = 0; i < d; i += 1) {
        grad[i] = (grad[i] ?? 0) + e * x[i]!;
        for (let j = 0; j < d; j += 1) hess[i]![j] = (hess[i]![j] ?? 0) + q * x[i]! * x[j]!;
      }
    });
    for (let i = 0; i < d; i += 1) grad[i] = (grad[i] ?? 0) + ridge * w[i]!;
    const step = solve(hess, grad);
    w = w.map((v, i) => v - step[i]!);
    if (step.reduce((s, v) => s + Math.abs(v), 0) < 1e-9) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting: solves A·x = b for a small dense system. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const head = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r += 1) {
      if (r === c) continue;
      const f = m[r]![c]! / head;
      for (let k = c; k <= n; k += 1) m[r]![k] = (m[r]![k] ?? 0) - f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/** Platt scaling: p = sigmoid(a·m + b) on (margin, outcome) pairs. */
export function fitPlatt(margins: number[], outcomes: number[]): { a: number; b: number } {
  const [a, b] = fitLogistic(
    margins.map((m) => [m, 1]),
    outcomes,
  );
  return { a: a!, b: b! };
}
