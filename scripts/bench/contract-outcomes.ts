/**
 * Every value the engine gives on a contracts-dev document, judged by that set's rules (contracts-scoring.ts): a
 * field right when it equals the GT after normalisation, wrong when it differs or the GT has none; each party row
 * right when its name is one of the document's parties. The calibration's samples for the generic strategies.
 */
import type { ExtractionResult, FieldMetadata, TableMetadata, ValueMetadata } from "../../lib/extraction";
import { contractValueEqual, normaliseParty } from "./contracts-scoring";
import type { Gt } from "./dataset";
import type { ValueOutcome } from "./value-outcomes";

const SCALARS = ["effective_date", "jurisdiction", "term"];

const asTable = (meta: FieldMetadata | undefined): TableMetadata | null => (meta && "rows" in meta && Array.isArray(meta.rows) ? meta : null);

function outcome(scope: "field" | "cell", key: string, meta: ValueMetadata | undefined, correct: boolean): ValueOutcome {
  return { scope, key, confidence: meta?.confidence ?? 0, evidence: meta?.evidence ? { ...meta.evidence } : null, correct };
}

export function contractOutcomes(gt: Gt, result: Pick<ExtractionResult, "data" | "fieldMetadata">): ValueOutcome[] {
  const out: ValueOutcome[] = [];
  for (const key of SCALARS) {
    const pred = result.data[key];
    if (pred === null || pred === undefined || Array.isArray(pred)) continue;
    const expected = gt.fields[key];
    out.push(outcome("field", key, result.fieldMetadata[key] as ValueMetadata | undefined, expected !== undefined && contractValueEqual(key, expected, pred)));
  }
  const parties = new Set((gt.tables?.parties ?? []).map((p) => normaliseParty(p.party)));
  const rows = result.data.parties;
  const meta = asTable(result.fieldMetadata.parties);
  if (!Array.isArray(rows) || !meta) return out;
  rows.forEach((row, i) => {
    const name = row.party;
    if (name === null || name === undefined || String(name).trim() === "") return;
    out.push(outcome("cell", "party", meta.rows[i]?.party, parties.has(normaliseParty(String(name)))));
  });
  return out;
}
