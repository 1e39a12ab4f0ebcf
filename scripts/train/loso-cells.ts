/**
 * Line-item cells for the leave-one-source-out run (scripts/train/loso.ts): the engine's line items of each document's
 * cached reading against its ground truth, cell by cell (the rows aligned as the main benchmark aligns them), with row
 * recall and spurious rows. The tables are the rules' unless a row classifier is in force (row-model.ts); no learned
 * scorer touches them, so the figures of a source left out are the rules' on documents they were not built from.
 */
import type { TableRow } from "../../lib/extraction";
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import type { PageModel } from "../../lib/extraction/types";
import { FIELDS } from "../bench/dataset";
import { alignRows, equal } from "../bench/score";

export type CellCounts = { tp: number; fp: number; fn: number; gtRows: number; matchedRows: number; predRows: number; spuriousRows: number; documents: number };

export const noCells = (): CellCounts => ({ tp: 0, fp: 0, fn: 0, gtRows: 0, matchedRows: 0, predRows: 0, spuriousRows: 0, documents: 0 });

const LINE_ITEMS = FIELDS.filter((f) => f.name === "line_items");

/** Adds one document's rows to `into`: a right cell tp, a wrong one fp and fn, a missing one fn, a spurious row's cells fp. */
export function countCells(into: CellCounts, gtRows: Array<Record<string, string>>, predRows: TableRow[]): void {
  const { score, assignment } = alignRows(gtRows, predRows);
  const columns = new Set(gtRows.flatMap((r) => Object.keys(r)));
  const matched = new Set<number>();
  gtRows.forEach((g, i) => {
    const j = assignment[i] ?? -1;
    const found = j >= 0 && (score[i]?.[j] ?? 0) > 0;
    if (found) {
      matched.add(j);
      into.matchedRows += 1;
    }
    for (const [k, v] of Object.entries(g)) {
      const pred = found ? (predRows[j]?.[k] ?? null) : null;
      const right = found && equal(k, v, pred);
      if (right) into.tp += 1;
      else if (pred === null) into.fn += 1;
      else {
        into.fp += 1;
        into.fn += 1;
      }
    }
  });
  const spurious = predRows.length - matched.size;
  into.spuriousRows += spurious;
  into.fp += spurious * columns.size;
  into.gtRows += gtRows.length;
  into.predRows += predRows.length;
  into.documents += 1;
}

/** The line items of a cached reading, as the engine extracts them with the models now in force. */
export function lineItemsOf(page: PageModel): TableRow[] {
  const items = extractFromPageModel(page, LINE_ITEMS).data.line_items;
  return Array.isArray(items) ? items : [];
}

const f1 = (c: CellCounts): number => (2 * c.tp) / Math.max(1, 2 * c.tp + c.fp + c.fn);
const share = (a: number, b: number): string => `${b ? ((100 * a) / b).toFixed(1) : "0.0"}% (${a}/${b})`;

export function formatCells(label: string, c: CellCounts): string {
  return `| ${label} | ${c.documents} | ${f1(c).toFixed(3)} | ${share(c.matchedRows, c.gtRows)} | ${share(c.spuriousRows, c.predRows)} |`;
}

export const CELLS_HEADER = "| line-item cells | documents | cell F1 | rows found | spurious rows |\n| --- | --- | --- | --- | --- |";
