/**
 * The detector judge: gradient-boosted trees (scripts/train/gbdt.ts) over a value's evidence (JUDGE_FEATURE_NAMES)
 * that keep or drop a value of a parser of another kind. Fitted on the values `scripts/bench/kinds/dump-values.ts`
 * wrote (the real documents of other kinds, optionally synthetic ones too), validated leave-one-kind-out: for every
 * kind K a judge fitted without K judges K's values, its threshold chosen by an inner leave-one-kind-out over the
 * other kinds. Writes lib/extraction/scorer/detector-judge.json (the judge fitted on every kind, with the table).
 *
 *   tsx scripts/train/detector-judge.ts <real.jsonl> [--synth <synthetic.jsonl>] [--out <file>]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { JUDGE_FEATURE_NAMES, judgeFeatures } from "../../lib/extraction/scorer/judge-features";
import { rawScore, sigmoid } from "../../lib/extraction/scorer/model";
import type { DetectorJudge } from "../../lib/extraction/scorer/detector-judge";
import type { DumpedValue } from "../bench/kinds/dump-values";
import { trainGbdt, type Gbdt, type GbdtSettings } from "./gbdt";

const SETTINGS: GbdtSettings = { rounds: 80, depth: 2, learningRate: 0.1, lambda: 2, minHessian: 2, bins: 16 };
const THRESHOLDS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

type Row = { kind: string; half: "A" | "B"; x: number[]; y: number; outcome: DumpedValue["outcome"] };
type Counts = { tp: number; fp: number; fn: number };

function rowsOf(file: string): Row[] {
  return readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as DumpedValue).map((d) => ({
    kind: d.kind,
    half: d.half,
    outcome: d.outcome,
    y: d.outcome === "tp" ? 1 : 0,
    x: d.outcome === "fn" ? [] : judgeFeatures({ type: d.type as never }, d.pred as never, { confidence: d.confidence ?? 0, evidence: d.evidence ?? undefined, raw: d.raw ?? undefined, source: d.source ?? null }),
  }));
}

const emitted = (rows: Row[]) => rows.filter((r) => r.outcome !== "fn");
const fit = (rows: Row[]): Gbdt => trainGbdt(emitted(rows).map((r) => r.x), emitted(rows).map((r) => r.y), SETTINGS);
const probability = (model: Gbdt, x: number[]) => sigmoid(rawScore(model, x));

/** Counts of a kind's values when values below `threshold` are dropped (p = null: nothing dropped). */
function counts(rows: Row[], p: (r: Row) => number | null, threshold: number): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const r of rows) {
    const kept = r.outcome !== "fn" && (p(r) ?? 1) >= threshold;
    if (r.outcome === "tp") {
      if (kept) c.tp += 1;
      else c.fn += 1;
    }
    else if (r.outcome === "fn") c.fn += 1;
    else if (kept) {
      c.fp += 1;
      if (r.outcome === "fp-wrong") c.fn += 1;
    } else if (r.outcome === "fp-wrong") c.fn += 1;
  }
  return c;
}
const f1 = (c: Counts) => (c.tp ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0);
const precision = (c: Counts) => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0);
const recall = (c: Counts) => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0);
const sum = (cs: Counts[]): Counts => cs.reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
const fmt = (c: Counts) => `${precision(c).toFixed(3)} / ${recall(c).toFixed(3)} / ${f1(c).toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;

/** Out-of-kind probabilities: each kind's values judged by a model fitted on the other kinds (and `extra`). */
function outOfKind(rows: Row[], extra: Row[]): Map<Row, number> {
  const out = new Map<Row, number>();
  for (const kind of new Set(rows.map((r) => r.kind))) {
    const model = fit([...rows.filter((r) => r.kind !== kind), ...extra]);
    for (const r of emitted(rows.filter((r) => r.kind === kind))) out.set(r, probability(model, r.x));
  }
  return out;
}

/** The threshold that maximises pooled F1 of out-of-kind judgements (ties: the higher, precision first). */
function bestThreshold(rows: Row[], p: Map<Row, number>): number {
  let best = { t: 0, f: f1(counts(rows, () => null, 0)) };
  for (const t of THRESHOLDS) {
    const f = f1(counts(rows, (r) => p.get(r) ?? null, t));
    if (f >= best.f) best = { t, f };
  }
  return best.t;
}

function main(): void {
  const args = process.argv.slice(2);
  const synthIdx = args.indexOf("--synth");
  const outIdx = args.indexOf("--out");
  const optionValues = new Set([synthIdx, outIdx].filter((i) => i >= 0).map((i) => i + 1));
  const file = args.find((a, i) => !a.startsWith("--") && !optionValues.has(i));
  if (!file) throw new Error("usage: detector-judge.ts <real.jsonl> [--synth <synthetic.jsonl>] [--out <file>]");
  const real = rowsOf(file);
  const synth = synthIdx >= 0 ? rowsOf(args[synthIdx + 1]!) : [];
  const kinds = [...new Set(real.map((r) => r.kind))].sort();
  const table: Array<{ kind: string; values: number; threshold: number; before: Counts; after: Counts }> = [];
  for (const kind of kinds) {
    const train = real.filter((r) => r.kind !== kind);
    const threshold = bestThreshold(train, outOfKind(train, synth));
    const model = fit([...train, ...synth]);
    const scored = real.filter((r) => r.kind === kind);
    const before = counts(scored, () => null, 0);
    const after = counts(scored, (r) => (r.outcome === "fn" ? null : probability(model, r.x)), threshold);
    table.push({ kind, values: scored.length, threshold, before, after });
    console.log(`${kind.padEnd(22)} t=${threshold.toFixed(2)}  before ${fmt(before)}  after ${fmt(after)}`);
  }
  const before = sum(table.map((t) => t.before));
  const after = sum(table.map((t) => t.after));
  console.log(`${"ALL (leave-one-kind-out)".padEnd(22)}         before ${fmt(before)}  after ${fmt(after)}`);
  const halfB = (rows: Row[]) => rows.filter((r) => r.half === "B");
  const threshold = bestThreshold(real, outOfKind(real, synth));
  const model = fit([...real, ...synth]);
  const judge: DetectorJudge = {
    version: 1,
    trainedOn: `${file}${synth.length ? ` + ${args[synthIdx + 1]}` : ""}: ${emitted(real).length} real values of ${kinds.length} kinds${synth.length ? `, ${emitted(synth).length} synthetic` : ""}`,
    features: [...JUDGE_FEATURE_NAMES],
    base: model.base,
    learningRate: model.learningRate,
    trees: model.trees,
    dropBelow: threshold,
    report: {
      settings: SETTINGS,
      leaveOneKindOut: table.map((t) => ({ kind: t.kind, values: t.values, threshold: t.threshold, before: t.before, after: t.after })),
      pooled: { before, after, f1Before: f1(before), f1After: f1(after), precisionBefore: precision(before), precisionAfter: precision(after) },
      halfB: (() => {
        const rows = halfB(real);
        const b = counts(rows, () => null, 0);
        const oof = outOfKind(real, synth);
        const a = counts(rows, (r) => oof.get(r) ?? null, threshold);
        return { before: b, after: a };
      })(),
    },
  };
  const out = outIdx >= 0 ? args[outIdx + 1]! : "lib/extraction/scorer/detector-judge.json";
  writeFileSync(out, JSON.stringify(judge) + "\n");
  console.log(`threshold ${threshold}; wrote ${out}`);
}

main();
