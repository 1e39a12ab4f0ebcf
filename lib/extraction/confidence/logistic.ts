/** L2-regularised logistic regression fitted by Newton's method (IRLS): a few dozen features, a few thousand rows. */

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += a[i]! * (b[i] ?? 0);
  return s;
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and, with the ridge, well conditioned). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c += 1) m[r]![c] = m[r]![c]! - f * m[col]![c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

/**
 * Weights minimising Σ weight · log loss + lambda/2 · |w|² (the bias, feature 0, is not penalised; each row weighs 1
 * unless `weights` says otherwise). Features never seen set stay at 0 weight thanks to the ridge.
 */
export function fitLogistic(x: number[][], y: number[], options: { lambda?: number; iterations?: number; weights?: readonly number[] } = {}): number[] {
  const lambda = options.lambda ?? 1;
  const d = x[0]?.length ?? 0;
  let w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < (options.iterations ?? 50); iter += 1) {
    const grad = w.map((wi, j) => (j === 0 ? 0 : lambda * wi));
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j && i !== 0 ? lambda : 0)));
    x.forEach((row, n) => {
      const p = sigmoid(dot(w, row));
      const weight = options.weights?.[n] ?? 1;
      const r = weight * (p - y[n]!);
      const s = weight * Math.max(p * (1 - p), 1e-6);
      for (let i = 0; i < d; i += 1) {
        const xi = row[i]!;
        if (xi === 0) continue;
        grad[i] = grad[i]! + r * xi;
        for (let j = 0; j < d; j += 1) if (row[j] !== 0) hess[i]![j] = hess[i]![j]! + s * xi * row[j]!;
      }
    });
    const step = solve(hess, grad);
    w = w.map((wi, i) => wi - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}
