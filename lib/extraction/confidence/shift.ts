/**
 * The source-shift map: a monotone map from the fitted confidence to the share right on a source the fit never saw.
 *
 * The logistic fit and its ceilings per group (`model.ts`, `support.ts`) learn how often a value is right on the
 * training sources, and every such estimate is a little too sure on a source of documents none of them resembles (its
 * senders' layouts, its scans): the fit has seen what fails on its own sources, not what fails elsewhere. How much too
 * sure is itself measurable on the training corpus: fit without one source, judge that source's values, for each
 * source in turn. `npm run calibrate` does exactly that and fits this map on the pooled left-out predictions, so the
 * map is what source shift did to the fit's confidence there. It applies to the values the logistic fit and its
 * ceilings judge (not to exact e-invoice values, the scorer's own probability, nor the OCR'd names' and addresses'
 * reading rates, which are shares right of their own), and it never reorders two values: a value with more evidence for
 * it stays at least as sure.
 *
 * Platt's form with a prior: `sigmoid(a · logit(p) + b)`, a and b fitted by weighted log-loss with a penalty pulling
 * them towards the identity (a = 1, b = 0), so a few left-out sources move it only as far as they agree.
 */
import { sigmoid } from "./logistic";

/** Platt's form (`a`, `b`), or, measured beside it, an isotonic one: knots `x` → `y`, both increasing, linear between. */
export type ShiftMap = { a: number; b: number; fittedOn?: string } | { x: number[]; y: number[]; fittedOn?: string };

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const logit = (p: number) => {
  const q = clamp(p, 1e-4, 1 - 1e-4);
  return Math.log(q / (1 - q));
};

/** The shifted confidence of a fitted one (three decimals are applied by the caller). */
export function applyShift(map: ShiftMap | undefined, p: number): number {
  if (!map) return p;
  if ("a" in map) return sigmoid(map.a * logit(p) + map.b);
  const { x, y } = map;
  if (x.length === 0) return p;
  if (p <= x[0]!) return y[0]! * (x[0]! > 0 ? p / x[0]! : 1);
  for (let i = 1; i < x.length; i += 1) {
    if (p <= x[i]!) return y[i - 1]! + ((y[i]! - y[i - 1]!) * (p - x[i - 1]!)) / Math.max(1e-9, x[i]! - x[i - 1]!);
  }
  return y[y.length - 1]!;
}

/**
 * Pool-adjacent-violators over the points sorted by `p` (weighted), each block's share right shrunk towards its mean
 * confidence by `prior` values, pooled again where that broke the order; knots at the blocks' mean confidences.
 */
export function fitIsotonicShift(points: readonly ShiftPoint[], prior: number): ShiftMap {
  const sorted = [...points].filter((pt) => pt.weight > 0).sort((a, b) => a.p - b.p);
  type Block = { w: number; sp: number; sy: number };
  const pav = (items: Block[], value: (b: Block) => number): Block[] => {
    const out: Block[] = [];
    for (const item of items) {
      out.push({ ...item });
      while (out.length > 1 && value(out[out.length - 2]!) >= value(out[out.length - 1]!)) {
        const last = out.pop()!;
        const prev = out[out.length - 1]!;
        prev.w += last.w;
        prev.sp += last.sp;
        prev.sy += last.sy;
      }
    }
    return out;
  };
  const blocks = pav(sorted.map((pt) => ({ w: pt.weight, sp: pt.weight * pt.p, sy: pt.correct ? pt.weight : 0 })), (b) => b.sy / b.w);
  const shrunk = pav(blocks.map((b) => ({ w: b.w + prior, sp: b.sp + (prior * b.sp) / b.w, sy: b.sy + (prior * b.sp) / b.w })), (b) => b.sy / b.w);
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return { x: shrunk.map((b) => r(b.sp / b.w)), y: shrunk.map((b) => r(b.sy / b.w)) };
}

/** A left-out prediction: the fit's confidence, whether the value was right, and how much it counts. */
export type ShiftPoint = { p: number; correct: boolean; weight: number };

/**
 * Fits `a` and `b` by Newton's method on Σ w · log-loss + prior/2 · ((a − 1)² + b²), the prior in units of values:
 * with no points the map is the identity. `a` is kept above a small positive floor so the map stays increasing.
 */
export function fitShift(points: readonly ShiftPoint[], prior: number): ShiftMap {
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 50; iter += 1) {
    let ga = prior * (a - 1);
    let gb = prior * b;
    let haa = prior;
    let hab = 0;
    let hbb = prior;
    for (const pt of points) {
      const z = logit(pt.p);
      const q = sigmoid(a * z + b);
      const r = pt.weight * (q - (pt.correct ? 1 : 0));
      const s = pt.weight * Math.max(q * (1 - q), 1e-9);
      ga += r * z;
      gb += r;
      haa += s * z * z;
      hab += s * z;
      hbb += s;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a = Math.max(0.05, a - da);
    b -= db;
    if (Math.max(Math.abs(da), Math.abs(db)) < 1e-9) break;
  }
  return { a: Math.round(a * 1e4) / 1e4, b: Math.round(b * 1e4) / 1e4 };
}
