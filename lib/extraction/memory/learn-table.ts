import type { FieldDefinition, TableRow } from "../types";
import { locateValue, type Span } from "./locate";
import { isStableWord, normalise } from "./text";
import type { ColumnEvidence, DocumentLayout, TableEvidence } from "./types";

/** Candidates of one cell considered (the same figure is often printed in two columns). */
const CANDIDATES_PER_CELL = 3;
/** Cells of one column whose centres lie this close (page widths) to the column's median centre are its band. */
const BAND_TOLERANCE = 0.06;

/**
 * A taught table's column bands: for each column, where its confirmed cells are printed (the horizontal band most
 * of them share) and the header words right above the band. Cells are located by value; a column none of whose
 * cells can be found is left out.
 */
export function learnTable(layout: DocumentLayout, field: FieldDefinition, rows: TableRow[]): TableEvidence | null {
  const columns: ColumnEvidence[] = [];
  let page: number | null = null;
  let top = Infinity;
  for (const column of field.columns ?? []) {
    const spans: Span[] = [];
    for (const row of rows) {
      const value = row[column.name];
      if (value === null || value === undefined || value === "") continue;
      spans.push(...locateValue(layout, column.type, value).filter((span) => span.lines === 1).slice(0, CANDIDATES_PER_CELL));
    }
    if (spans.length === 0) continue;
    const centres = spans.map((span) => span.box.x + span.box.w / 2).sort((a, b) => a - b);
    const median = centres[Math.floor(centres.length / 2)]!;
    const band = spans.filter((span) => Math.abs(span.box.x + span.box.w / 2 - median) <= BAND_TOLERANCE);
    if (band.length < Math.min(2, rows.length)) continue;
    page ??= band[0]!.page;
    const x0 = Math.min(...band.map((span) => span.box.x));
    const x1 = Math.max(...band.map((span) => span.box.x + span.box.w));
    const firstY = Math.min(...band.filter((span) => span.page === page).map((span) => span.box.y));
    top = Math.min(top, firstY);
    columns.push({ name: column.name, type: column.type, x0, x1, header: headerWords(layout, page, x0, x1, firstY) });
  }
  if (columns.length === 0 || page === null) return null;
  return { page, columns, rowCount: rows.length, headerY: Number.isFinite(top) ? top : null };
}

/** Letter words printed over a column band just above its first cell (up to ~4 line heights). */
function headerWords(layout: DocumentLayout, pageNumber: number, x0: number, x1: number, firstY: number): string[] {
  const page = layout.pages.find((candidate) => candidate.n === pageNumber);
  if (!page) return [];
  const words = page.words.filter((word) => word.y < firstY - 0.001 && firstY - word.y < 0.06 && word.x < x1 && word.x + word.w > x0 && isStableWord(word.t));
  return [...new Set(words.map((word) => normalise(word.t)))].slice(0, 6);
}
