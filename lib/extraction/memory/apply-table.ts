import type { FieldDefinition, Scalar, SourceBox, TableMetadata, TableRow, ValueMetadata } from "../types";
import { textOf, unionBox } from "./layout";
import { isStableWord, normalise, similarity } from "./text";
import { readRowsAboveFooter } from "./read-table-rows";
import { inColumn, readCell } from "./table-cells";
import type { ColumnEvidence, DocumentLayout, TableEvidence } from "./types";

/** A value no row prints is the reviewer's convention, not a reading: below what straight-through would trust. */
const CONSTANT_CONFIDENCE = 0.6;

/**
 * The engine's table rows re-read through the taught column bands: each row keeps its vertical extent (from its
 * cells' boxes) and every taught column is read from the words inside its band, checked by type. Applied only when
 * the taught header words are printed on the page (the anchors of a table); a cell whose band holds nothing that
 * reads keeps the engine's value. A table printed with no header right above it (a letter's text instead) is
 * recognised by its columns: the engine's cells stand in the taught bands.
 */
export function applyTable(layout: DocumentLayout, field: FieldDefinition, evidence: TableEvidence, rows: TableRow[], metadata: TableMetadata): { rows: TableRow[]; metadata: TableMetadata } | null {
  const columns = [...evidence.columns].sort((a, b) => a.x0 - b.x0);
  if (rows.length === 0) return readMissingTable(layout, evidence, metadata);
  // The bands are this layout's when its header words are printed or the engine's cells stand in them; the
  // reviewer's unprinted constants are the sender's, whatever the layout.
  const bandsApply = headersPresent(layout, evidence) || bandsAgree(columns, metadata);
  if (!bandsApply && !evidence.constants) return null;
  let changed = false;
  const outRows: TableRow[] = [];
  const outMeta: Array<Record<string, ValueMetadata>> = [];
  rows.forEach((row, index) => {
    const cells = metadata.rows[index] ?? {};
    const sources = Object.values(cells).map((cell) => cell.source).filter((source): source is SourceBox => source !== null);
    const next: TableRow = { ...row };
    const nextMeta: Record<string, ValueMetadata> = { ...cells };
    if (bandsApply && sources.length > 0) {
      const page = layout.pages.find((candidate) => candidate.n === sources[0]!.page);
      const top = Math.min(...sources.map((source) => source.y));
      const bottom = Math.max(...sources.map((source) => source.y + source.h));
      const reference = evidence.reference ? cells[evidence.reference]?.source : null;
      columns.forEach((column, position) => {
        const limit = columns[position + 1]?.x0 ?? 1;
        // Where the taught layout prints this cell: at its offset from the row's reference cell, else on the row.
        const placed = reference && column.dy !== undefined ? { top: reference.y + column.dy - reference.h / 2, bottom: reference.y + column.dy + 1.5 * reference.h } : { top, bottom };
        const rowWords = page?.words.filter((word) => word.y + word.h / 2 >= placed.top && word.y + word.h / 2 <= placed.bottom) ?? [];
        const inBand = rowWords.filter((word) => inColumn(word, column, limit)).sort((a, b) => a.l - b.l || a.x - b.x);
        // Only cells the engine left empty: where it read something, the taught band has not proved better.
        if (row[column.name] !== null && row[column.name] !== undefined && row[column.name] !== "") return;
        const read = readCell(column, inBand);
        if (read === null || sameCell(read, row[column.name] ?? null)) return;
        next[column.name] = read;
        nextMeta[column.name] = { confidence: 0.85, source: { page: page!.n, ...unionBox(inBand) }, raw: textOf(inBand) };
        changed = true;
      });
    }
    // What the reviewer filled in on every taught row although the rows do not print it, where nothing was read.
    for (const [name, value] of Object.entries(evidence.constants ?? {})) {
      if (next[name] !== null && next[name] !== undefined && next[name] !== "") continue;
      next[name] = value;
      nextMeta[name] = { confidence: CONSTANT_CONFIDENCE, source: null };
      changed = true;
    }
    outRows.push(next);
    outMeta.push(nextMeta);
  });
  return changed ? { rows: outRows, metadata: { ...metadata, rows: outMeta } } : null;
}

/**
 * The engine found no row: the rows printed above the line that closed the taught table, with the reviewer's
 * unprinted constants filled in as on any row.
 */
function readMissingTable(layout: DocumentLayout, evidence: TableEvidence, metadata: TableMetadata): { rows: TableRow[]; metadata: TableMetadata } | null {
  const found = readRowsAboveFooter(layout, evidence);
  if (!found) return null;
  const constants = constantsOf(evidence);
  const constantCells = Object.fromEntries(Object.keys(constants).map((name) => [name, { confidence: CONSTANT_CONFIDENCE, source: null }]));
  const rows = found.rows.map((row) => ({ ...constants, ...row }));
  const cells = found.cells.map((cell) => ({ ...constantCells, ...cell }));
  return { rows, metadata: { ...metadata, rows: cells } };
}

const constantsOf = (evidence: TableEvidence): TableRow => ({ ...(evidence.constants ?? {}) });

/** Share of the engine's cells that must stand in their taught column's band for the columns to be this layout's. */
const BANDS_AGREE = 0.75;
const MIN_CELLS_TO_AGREE = 4;

/** The taught columns are where the engine read this table's cells (most cells, over enough of them). */
function bandsAgree(columns: ColumnEvidence[], metadata: TableMetadata): boolean {
  let cells = 0;
  let agreeing = 0;
  for (const row of metadata.rows) {
    for (const [name, cell] of Object.entries(row)) {
      const position = columns.findIndex((column) => column.name === name);
      if (position < 0 || !cell.source) continue;
      cells += 1;
      const box = cell.source;
      if (inColumn({ t: "", x: box.x, y: box.y, w: box.w, h: box.h, l: 0, b: 0 }, columns[position]!, columns[position + 1]?.x0 ?? 1)) agreeing += 1;
    }
  }
  return cells >= MIN_CELLS_TO_AGREE && agreeing >= BANDS_AGREE * cells;
}

/** The table's anchors: at least half of the taught header words are printed on one of the document's pages. */
function headersPresent(layout: DocumentLayout, evidence: TableEvidence): boolean {
  const wanted = [...new Set(evidence.columns.flatMap((column) => column.header))];
  if (wanted.length === 0) return false;
  return layout.pages.some((page) => {
    const printed = page.words.filter((word) => isStableWord(word.t)).map((word) => normalise(word.t));
    const found = wanted.filter((header) => printed.some((word) => similarity(word, header) >= 0.8)).length;
    return found >= Math.ceil(wanted.length / 2);
  });
}

function sameCell(a: Scalar, b: Scalar): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 0.005;
  return normalise(String(a ?? "")) === normalise(String(b ?? ""));
}
