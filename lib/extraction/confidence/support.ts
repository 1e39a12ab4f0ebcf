import type { ValueEvidence } from "../types";

/**
 * How much certainty the fitted data supports for a kind of value. The logistic weights are shared by every value, so
 * a kind of value the fit saw only a handful of times (a contract's duration, a name read by OCR) is scored by what
 * was learnt from others — and can come out at 0.95 while such values are right half the time. Each group of values
 * (the strategy that produced it, the value's kind, and whether its page was a text layer or OCR'd: the things that
 * decide how it fails) gets a ceiling: its accuracy in the fitted half, shrunk towards the overall accuracy as if
 * `SUPPORT_PRIOR` more values of average accuracy had been seen. A group with many right values keeps a ceiling near
 * 1; one with few, or with many wrong, cannot be shown as settled. A group the fit never saw has no ceiling (the
 * shared features and `unknownStrategyCap` apply).
 */
export const SUPPORT_PRIOR = 2;

/** The group a value's ceiling is kept under: "strategy|kind|text" or "strategy|kind|ocr". */
export function supportGroup(evidence: ValueEvidence): string {
  const read = evidence.ocr === null || evidence.ocr === undefined ? "text" : "ocr";
  return `${evidence.strategy}|${evidence.kind ?? "text"}|${read}`;
}

/** Ceilings per group from fitted values: (right + prior · overall accuracy) / (values + prior), three decimals. */
export function fitSupportCaps(samples: Array<{ evidence: ValueEvidence; correct: boolean }>, prior = SUPPORT_PRIOR): Record<string, number> {
  if (samples.length === 0) return {};
  const overall = samples.filter((s) => s.correct).length / samples.length;
  const counts = new Map<string, { n: number; right: number }>();
  for (const s of samples) {
    const group = supportGroup(s.evidence);
    const c = counts.get(group) ?? { n: 0, right: 0 };
    c.n += 1;
    if (s.correct) c.right += 1;
    counts.set(group, c);
  }
  const caps: Record<string, number> = {};
  for (const [group, c] of [...counts].sort(([a], [b]) => a.localeCompare(b))) caps[group] = Math.round((1000 * (c.right + prior * overall)) / (c.n + prior)) / 1000;
  return caps;
}
