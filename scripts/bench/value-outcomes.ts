/**
 * Every predicted value that the ground truth can judge, with its confidence and evidence: the data the
 * calibration is fitted on and the benchmark's reliability report is computed from. A field counts when the GT
 * has it and the engine gave a value; a cell counts when the GT's rows use its column (cells of predicted rows
 * with no GT partner are wrong).
 */
import type { ExtractionResult, FieldMetadata, FieldValue, TableMetadata, ValueEvidence, ValueMetadata } from "../../lib/extraction";
import type { Gt } from "./dataset";
import { alignRows, equal } from "./score";

export type ValueOutcome = { scope: "field" | "cell"; key: string; confidence: number; evidence: ValueEvidence | null; correct: boolean };

const asTable = (meta: FieldMetadata | undefined): TableMetadata | null => (meta && "rows" in meta && Array.isArray(meta.rows) ? meta : null);

function outcome(scope: "field" | "cell", key: string, meta: ValueMetadata | undefined, correct: boolean): ValueOutcome {
  return { scope, key, confidence: meta?.confidence ?? 0, evidence: meta?.evidence ? { ...meta.evidence } : null, correct };
}

/** A table field scored: its name and how its cells compare (default: line items by the invoice sets' rules). */
export type ScoredTable = { name: string; same: (key: string, gt: string, pred: FieldValue | undefined) => boolean };

/** `same` judges a field (default: the invoice sets' rules by field name); `tables` the table fields to score. */
export function valueOutcomes(gt: Gt, result: Pick<ExtractionResult, "data" | "fieldMetadata">, same: (key: string, gt: string, pred: FieldValue) => boolean = equal, tables: ScoredTable[] = [{ name: "line_items", same: equal }]): ValueOutcome[] {
  const out: ValueOutcome[] = [];
  for (const [key, expected] of Object.entries(gt.fields)) {
    const pred = result.data[key];
    if (pred === null || pred === undefined || Array.isArray(pred)) continue;
    out.push(outcome("field", key, result.fieldMetadata[key] as ValueMetadata | undefined, same(key, expected, pred)));
  }
  for (const table of tables) out.push(...cellOutcomes(gt, result, table));
  return out;
}

function cellOutcomes(gt: Gt, result: Pick<ExtractionResult, "data" | "fieldMetadata">, table: ScoredTable): ValueOutcome[] {
  const out: ValueOutcome[] = [];
  const gtRows = gt.tables?.[table.name];
  const predRows = result.data[table.name];
  const meta = asTable(result.fieldMetadata[table.name]);
  if (!gtRows || !Array.isArray(predRows) || !meta) return out;
  const equal = table.same;
  const { assignment } = alignRows(gtRows, predRows, equal);
  const used = new Set(gtRows.flatMap((r) => Object.keys(r)));
  const partner = new Map<number, number>();
  assignment.forEach((j, i) => j >= 0 && partner.set(j, i));
  predRows.forEach((row, j) => {
    const i = partner.get(j);
    const gtRow = i === undefined ? null : gtRows[i]!;
    for (const [key, value] of Object.entries(row)) {
      if (value === null || value === undefined) continue;
      if (gtRow ? !(key in gtRow) : !used.has(key)) continue;
      out.push(outcome("cell", key, meta.rows[j]?.[key], gtRow ? equal(key, gtRow[key]!, value) : false));
    }
  });
  return out;
}
