/**
 * Reports of `npm run calibrate`: reliability of a fit on a set of values, per group of values (finder, kind, text or
 * OCR, read cleanly or in doubt) to show which ones it trusts too much or too little, and the leave-one-source-out
 * table: each training source left out of the fit, judged on its own documents and on the dev documents of the same
 * source (which no fit ever sees).
 */
import { calibratedConfidence, type CalibrationModel } from "../../lib/extraction/confidence/model";
import { formatReliability, reliability } from "../../lib/extraction/confidence/reliability";
import { supportGroup } from "../../lib/extraction/confidence/support";
import type { ValueEvidence } from "../../lib/extraction/types";
import type { ValueOutcome } from "../bench/value-outcomes";

/** One judged value: the set it came from (`dataset`: its folder's name), its document and sender group, and whether
 * it was fitted on. */
export type Sample = ValueOutcome & { dataset: string; document?: string; group?: string; fitted: boolean; specSet?: boolean };

type Judged = Sample & { evidence: ValueEvidence };

const judged = (samples: Sample[]): Judged[] => samples.filter((s): s is Judged => s.evidence !== null);
const outcomes = (list: Judged[], model: CalibrationModel) => list.map((s) => ({ confidence: calibratedConfidence(s.evidence, s.confidence, model), correct: s.correct }));

/** Reliability of all values, fields and table cells under `model`. */
export function report(label: string, samples: Sample[], model: CalibrationModel): void {
  const scored = judged(samples);
  console.log(formatReliability(`${label}, all values`, reliability(outcomes(scored, model))));
  console.log(formatReliability(`${label}, fields`, reliability(outcomes(scored.filter((s) => s.scope === "field"), model))).split("\n")[0]);
  console.log(formatReliability(`${label}, table cells`, reliability(outcomes(scored.filter((s) => s.scope === "cell"), model))).split("\n")[0]);
}

/** The group a value is judged in for the report: its ceiling's group, and for OCR'd names and addresses the reading. */
const reportGroup = (e: ValueEvidence) => `${supportGroup(e)}${e.reading ? `|${e.reading}` : ""}`;

/**
 * Per group of values (at least `min` of them): how many, mean confidence under `model`, share right, and its share of
 * the expected calibration error (|right − confidence| · its share of the values; a group's bins are not split here,
 * so this is a bound on what it adds).
 */
export function groupReport(label: string, samples: Sample[], model: CalibrationModel, min = 10): void {
  const scored = judged(samples).filter((s) => s.scope === "field");
  const groups = new Map<string, Judged[]>();
  for (const s of scored) {
    const list = groups.get(reportGroup(s.evidence)) ?? [];
    list.push(s);
    groups.set(reportGroup(s.evidence), list);
  }
  console.log(`${label}: per group (fields; ${scored.length} values)`);
  const rows = [...groups].filter(([, list]) => list.length >= min).map(([group, list]) => {
    const conf = outcomes(list, model).reduce((sum, o) => sum + o.confidence, 0) / list.length;
    const right = list.filter((s) => s.correct).length / list.length;
    return { group, n: list.length, conf, right, gap: (Math.abs(right - conf) * list.length) / scored.length };
  });
  for (const r of rows.sort((a, b) => b.gap - a.gap)) {
    console.log(`  ${r.group.padEnd(44)} ${String(r.n).padStart(5)} values, confidence ${r.conf.toFixed(3)}, right ${r.right.toFixed(3)} (${r.right > r.conf ? "too cautious" : "too sure"} by ${Math.abs(r.right - r.conf).toFixed(3)}; ${r.gap.toFixed(3)} of the ECE)`);
  }
}

/**
 * Sender-group folds: each fold's values judged by a fit on the other folds (a value's group is its document's
 * split_group, a sender or layout), reported per set — how the fit does on senders it never saw, within sources it
 * knows.
 */
export function senderFolds(train: Sample[], sets: string[], fit: (rest: Sample[]) => CalibrationModel, folds: number, foldOf: (group: string) => number, groups = false): void {
  const judgedOut: Array<{ dataset: string; scope: Sample["scope"]; confidence: number; correct: boolean; group: string }> = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const model = fit(train.filter((s) => foldOf(s.group ?? s.document ?? "") !== fold));
    for (const s of judged(train).filter((v) => foldOf(v.group ?? v.document ?? "") === fold)) {
      judgedOut.push({ dataset: s.dataset, scope: s.scope, confidence: calibratedConfidence(s.evidence, s.confidence, model), correct: s.correct, group: reportGroup(s.evidence) });
    }
  }
  // `--groups`: per training set and group of fields, out of fold — which groups are too sure at ≥ 0.9 on new senders.
  if (groups) {
    for (const dataset of sets.filter((d) => !d.includes("synth"))) {
      const byGroup = new Map<string, typeof judgedOut>();
      for (const o of judgedOut.filter((v) => v.dataset === dataset && v.scope === "field")) byGroup.set(o.group, [...(byGroup.get(o.group) ?? []), o]);
      console.log(`${dataset}, ${folds} sender folds (out of fold), fields per group: values, mean confidence, right; at ≥ 0.9 values (right)`);
      for (const [group, list] of [...byGroup].sort((a, b) => b[1].length - a[1].length)) {
        const high = list.filter((o) => o.confidence >= 0.9);
        const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
        console.log(`  ${group.padEnd(44)} ${String(list.length).padStart(5)} ${mean(list.map((o) => o.confidence)).toFixed(3)} ${mean(list.map((o) => (o.correct ? 1 : 0))).toFixed(3)}; ${high.length} (${high.filter((o) => o.correct).length})`);
      }
    }
  }
  for (const dataset of sets) {
    const of = judgedOut.filter((o) => o.dataset === dataset);
    console.log(formatReliability(`${dataset}, ${folds} sender folds (out of fold), all values`, reliability(of)).split("\n")[0]);
    console.log(formatReliability(`${dataset}, ${folds} sender folds (out of fold), fields`, reliability(of.filter((o) => o.scope === "field"))).split("\n")[0]);
    const cells = of.filter((o) => o.scope === "cell");
    if (cells.length > 0) console.log(formatReliability(`${dataset}, ${folds} sender folds (out of fold), table cells`, reliability(cells)).split("\n")[0]);
  }
}

/** A training source and the dev documents of the same source: a set whole, or its documents under a folder. */
export type SourceDev = { source: string; dev: Array<{ set: string; under?: string }> };

/** Whether a sample is one of the dev documents of `source`. */
export function isDevOf(sample: Sample, source: SourceDev): boolean {
  return source.dev.some(({ set, under }) => sample.dataset === set && (under === undefined || (sample.document ?? "").startsWith(`${under}/`)));
}
