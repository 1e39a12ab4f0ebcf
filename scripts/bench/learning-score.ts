/**
 * Scoring shared by `npm run bench:learning` and its offline tuning harness: the dev set's generic fields and the
 * dataset README's "How to score" rules, as `scripts/bench/extract.ts` applies them (same definitions, kept in step).
 */
import type { FieldValue, TableRow } from "../../lib/extraction";
import { FIELDS, type Gt } from "./dataset";
import { equal, hungarianMax, parseDecimal } from "./score";

export { FIELDS, MIME, type Gt } from "./dataset";
export type ManifestEntry = { id: string; document: string; ground_truth: string; split_group: string };

export type Counts = { tp: number; fp: number; fn: number };
export const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
export function addTo(c: Counts, d: Partial<Counts>): void {
  c.tp += d.tp ?? 0;
  c.fp += d.fp ?? 0;
  c.fn += d.fn ?? 0;
}
export function f1(c: Counts): number {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}
export const describe = (c: Counts) => `${f1(c).toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;

/** Field counts of one document: every ground-truth field is a tp, an fn, or (a wrong value) an fp and an fn. */
export function scoreFields(gt: Gt, data: Record<string, unknown>, into: Counts, misses?: string[]): void {
  for (const [key, value] of Object.entries(gt.fields)) {
    const predicted = data[key] as FieldValue | undefined;
    const ok = equal(key, value, predicted);
    if (!ok) misses?.push(`${key}: gt ${JSON.stringify(value)} got ${JSON.stringify(predicted ?? null)}`);
    addTo(into, ok ? { tp: 1 } : predicted === null || predicted === undefined ? { fn: 1 } : { fp: 1, fn: 1 });
  }
}

/** Line-item cell counts, rows paired by the Hungarian assignment as bench:extract does. */
export function scoreCells(gtRows: Array<Record<string, string>>, predicted: unknown, into: Counts, misses?: string[]): void {
  const predRows = (Array.isArray(predicted) ? predicted : []) as TableRow[];
  const score = gtRows.map((g) =>
    predRows.map((p) => {
      let s = 0;
      for (const [k, v] of Object.entries(g)) if (equal(k, v, p[k] ?? null)) s += 1;
      return s;
    }),
  );
  const assignment = predRows.length > 0 ? hungarianMax(score) : gtRows.map(() => -1);
  const used = new Set(gtRows.flatMap((row) => Object.keys(row)));
  const matched = new Set<number>();
  gtRows.forEach((g, i) => {
    const j = assignment[i] ?? -1;
    const ok = j >= 0 && (score[i]?.[j] ?? 0) > 0;
    if (ok) matched.add(j);
    for (const [k, v] of Object.entries(g)) {
      const pred = ok ? predRows[j]?.[k] : undefined;
      const good = ok && equal(k, v, pred ?? null);
      if (!good) misses?.push(`cell ${k}: gt ${JSON.stringify(v)} got ${JSON.stringify(pred ?? null)}`);
      addTo(into, good ? { tp: 1 } : pred === undefined || pred === null ? { fn: 1 } : { fp: 1, fn: 1 });
    }
  });
  predRows.forEach((_, j) => {
    if (!matched.has(j)) for (const _k of used) addTo(into, { fp: 1 });
  });
}

/** The ground truth as a reviewer's correction: every field, typed as the parser's field (numbers as numbers). */
export function gtAsData(gt: Gt): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (field.type === "table") {
      const rows = gt.tables?.line_items;
      if (rows) data[field.name] = rows.map((row) => Object.fromEntries((field.columns ?? []).filter((column) => row[column.name] !== undefined).map((column) => [column.name, typed(column.type, row[column.name]!)])));
      continue;
    }
    // Only the values the ground truth gives: a field it leaves out is not known to be empty on the document.
    const value = gt.fields[field.name];
    if (value !== undefined) data[field.name] = typed(field.type, value);
  }
  return data;
}

function typed(type: string, value: string): string | number | null {
  if (type === "number" || type === "currency") return parseDecimal(value);
  return value;
}
