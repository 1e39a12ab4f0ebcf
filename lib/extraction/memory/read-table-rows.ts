import { parseAmount } from "../../normalise/amounts";
import type { TableRow, ValueMetadata } from "../types";
import { sameRow, textOf, unionBox } from "./layout";
import { inColumn, readCell } from "./table-cells";
import { isStableWord, normalise, similarity } from "./text";
import type { ColumnEvidence, DocumentLayout, LayoutWord, TableEvidence } from "./types";

/** A footer word reads as the taught one when this alike (OCR slips allowed). */
const FOOTER_WORD_MATCH = 0.8;
/** Lines of a table stand closer than this (in line heights); a blank line ends it. */
const ROW_GAP = 1;
/** How many lines above the footer are looked at, at most. */
const MAX_LINES = 40;
/** The taught figure column is the footer's when their right edges are this close (page widths). */
const ALIGNED = 0.02;
/** Rows memory found where the engine found none: below what straight-through would trust on its own. */
const ROW_CONFIDENCE = 0.8;

export type ReadRows = { rows: TableRow[]; cells: Array<Record<string, ValueMetadata>> };

/**
 * A table the engine did not find, read from the taught example: the line that closed the taught table
 * ("Gesamtbeitrag 50,00 €") is printed again, and the rows are the lines just above it whose figure stands where
 * the footer's figure stands (figures right-aligned in one column, wherever this document puts that column), up
 * to a gap. Lines between them without that figure (a row's details) belong to no row. Each taught column is read
 * from its band, the figure columns moved with the footer's figure. Null when the footer is not printed or no row
 * reads.
 */
export function readRowsAboveFooter(layout: DocumentLayout, evidence: TableEvidence): ReadRows | null {
  const footer = evidence.footer;
  if (!footer || footer.figureRight === null) return null;
  for (const page of [...layout.pages].sort((a, b) => Number(b.n === evidence.page) - Number(a.n === evidence.page))) {
    const lines = visualLines(page.words);
    const at = lines.findIndex((line) => footer.words.every((wanted) => line.some((word) => isStableWord(word.t) && similarity(normalise(word.t), wanted) >= FOOTER_WORD_MATCH)));
    if (at < 0) continue;
    const figure = lastFigure(lines[at]!);
    if (!figure) continue;
    const shift = figure.x + figure.w - footer.figureRight;
    // The figure columns printed in the footer's column move with it; the others (descriptions) stay.
    const aligned = (column: ColumnEvidence) => (column.type === "number" || column.type === "currency") && Math.abs(column.x1 - footer.figureRight!) <= ALIGNED;
    if (!evidence.columns.some(aligned)) return null;
    const moved = new Set(evidence.columns.filter(aligned).map((column) => column.name));
    const columns = evidence.columns.map((column) => (moved.has(column.name) ? { ...column, x0: column.x0 + shift, x1: column.x1 + shift } : column)).sort((a, b) => a.x0 - b.x0);
    const rows: TableRow[] = [];
    const cells: Array<Record<string, ValueMetadata>> = [];
    let below = lines[at]!;
    for (let index = at - 1; index >= 0 && at - index <= MAX_LINES; index -= 1) {
      const line = lines[index]!;
      const height = Math.max(...line.map((word) => word.h));
      if (top(below) - bottom(line) > ROW_GAP * height) break;
      below = line;
      const row: TableRow = {};
      const rowCells: Record<string, ValueMetadata> = {};
      columns.forEach((column, position) => {
        const inBand = line.filter((word) => inColumn(word, column, columns[position + 1]?.x0 ?? 1));
        const value = readCell(column, inBand);
        if (value === null) return;
        row[column.name] = value;
        rowCells[column.name] = { confidence: ROW_CONFIDENCE, source: { page: page.n, ...unionBox(inBand) }, raw: textOf(inBand) };
      });
      const hasFigure = [...moved].some((name) => typeof row[name] === "number");
      const hasText = columns.some((column) => column.type === "text" && typeof row[column.name] === "string");
      if (!hasFigure || !hasText) continue;
      rows.unshift(row);
      cells.unshift(rowCells);
    }
    return rows.length > 0 ? { rows, cells } : null;
  }
  return null;
}

/** The page's words grouped into printed lines (whatever blocks OCR or the text layer cut them into), top down. */
function visualLines(words: LayoutWord[]): LayoutWord[][] {
  const lines: LayoutWord[][] = [];
  for (const word of [...words].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const line = lines.find((candidate) => sameRow(candidate[0]!, word));
    if (line) line.push(word);
    else lines.push([word]);
  }
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines.sort((a, b) => top(a) - top(b));
}

function lastFigure(line: LayoutWord[]): LayoutWord | null {
  return line.filter((word) => /\d/.test(word.t) && parseAmount(word.t) !== null).sort((a, b) => b.x + b.w - (a.x + a.w))[0] ?? null;
}

const top = (line: LayoutWord[]) => Math.min(...line.map((word) => word.y));
const bottom = (line: LayoutWord[]) => Math.max(...line.map((word) => word.y + word.h));
