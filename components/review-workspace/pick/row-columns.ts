import type { Field } from "@/lib/contracts/fields";
import { readCellMeta } from "../field-values";
import type { RowCell } from "./phrases";

/** A table column as the row pick sees it: its name and, when other rows show it, where it sits across the page. */
export type ColumnPlace = { name: string; extent: { left: number; right: number } | null };

const overlap = (a: { left: number; right: number }, b: { left: number; right: number }) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
const centre = (extent: { left: number; right: number }) => (extent.left + extent.right) / 2;

/**
 * Which column each phrase of a picked row fills. Where the table's other rows say where their columns sit on the
 * page (their cells' source boxes), a phrase goes to the column it lies under (most overlap, else the nearest);
 * otherwise phrases fill the columns left to right from the focused one, as a person would type them. Phrases
 * that land in the same column are joined. Pure, so it is unit-tested.
 */
export function assignRowCells(cells: readonly RowCell[], columns: readonly ColumnPlace[], startColumn: number): Record<string, string> {
  const placed = columns.filter((column): column is ColumnPlace & { extent: { left: number; right: number } } => column.extent !== null);
  const assigned: Record<string, string> = {};
  const put = (column: string, text: string) => {
    assigned[column] = assigned[column] ? `${assigned[column]} ${text}` : text;
  };
  if (placed.length >= Math.max(2, Math.ceil(columns.length / 2))) {
    for (const cell of cells) {
      const ranked = [...placed].sort((a, b) => overlap(b.extent, cell) - overlap(a.extent, cell) || Math.abs(centre(a.extent) - centre(cell)) - Math.abs(centre(b.extent) - centre(cell)));
      put(ranked[0]!.name, cell.text);
    }
    return assigned;
  }
  const start = Math.min(Math.max(0, startColumn), Math.max(0, columns.length - 1));
  cells.forEach((cell, index) => {
    const column = columns[start + index];
    if (column) put(column.name, cell.text);
  });
  return assigned;
}

/**
 * Where a table's columns sit on a page, from the source boxes of its cells in every row but one (page fractions,
 * unturned); null for a column no other row shows there.
 */
export function columnPlaces(field: Field, tableMetadata: unknown, rowCount: number, options: { page: number; exceptRow: number }): ColumnPlace[] {
  return (field.columns ?? []).map((column) => {
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let row = 0; row < rowCount; row++) {
      if (row === options.exceptRow) continue;
      const source = readCellMeta(tableMetadata, row, column.name).source;
      if (!source || source.page !== options.page) continue;
      left = Math.min(left, source.x);
      right = Math.max(right, source.x + source.w);
    }
    return { name: column.name, extent: Number.isFinite(left) ? { left, right } : null };
  });
}

