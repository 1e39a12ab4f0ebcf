/** Reliability of confidences against outcomes: what the benchmark and the calibration script report. */

export type Outcome = { confidence: number; correct: boolean };

export type Reliability = {
  values: number;
  accuracy: number;
  /** Expected calibration error over ten equal-width bins: Σ |accuracy − mean confidence| · share of values. */
  ece: number;
  /** Values at or above the high threshold: their share of all values and how many of them are right. */
  high: { threshold: number; share: number; count: number; accuracy: number };
  bins: Array<{ from: number; to: number; count: number; confidence: number; accuracy: number }>;
};

export function reliability(outcomes: Outcome[], highThreshold = 0.9, binCount = 10): Reliability {
  const bins = Array.from({ length: binCount }, (_, i) => ({ from: i / binCount, to: (i + 1) / binCount, count: 0, sum: 0, right: 0 }));
  for (const o of outcomes) {
    const bin = bins[Math.min(binCount - 1, Math.floor(o.confidence * binCount))]!;
    bin.count += 1;
    bin.sum += o.confidence;
    if (o.correct) bin.right += 1;
  }
  const n = outcomes.length;
  const ece = n === 0 ? 0 : bins.reduce((s, b) => s + (b.count ? Math.abs(b.right / b.count - b.sum / b.count) * (b.count / n) : 0), 0);
  const high = outcomes.filter((o) => o.confidence >= highThreshold);
  return {
    values: n,
    accuracy: n ? outcomes.filter((o) => o.correct).length / n : 0,
    ece,
    high: { threshold: highThreshold, share: n ? high.length / n : 0, count: high.length, accuracy: high.length ? high.filter((o) => o.correct).length / high.length : 0 },
    bins: bins.map((b) => ({ from: b.from, to: b.to, count: b.count, confidence: b.count ? b.sum / b.count : 0, accuracy: b.count ? b.right / b.count : 0 })),
  };
}

export function formatReliability(label: string, r: Reliability): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rows = r.bins.filter((b) => b.count > 0).map((b) => `    ${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${String(b.count).padStart(4)} values, mean confidence ${b.confidence.toFixed(2)}, right ${pct(b.accuracy)}`);
  return [
    `${label}: ${r.values} values, ${pct(r.accuracy)} right; ECE ${r.ece.toFixed(3)}; confidence ≥ ${r.high.threshold}: ${pct(r.high.share)} of values (${r.high.count}), ${pct(r.high.accuracy)} right`,
    ...rows,
  ].join("\n");
}
