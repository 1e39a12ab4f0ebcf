"use client";

import { useCallback } from "react";
import type { Field } from "@/lib/contracts/fields";
import type { DocumentData } from "../use-document-data";
import type { ValuePath } from "../value-paths";
import type { RowCell } from "./phrases";
import { assignRowCells, columnPlaces } from "./row-columns";

/** A row region picked off the page fills the focused cell's row, column by column (see assignRowCells). */
export function useRowPick({ fields, data, target }: { fields: Field[]; data: DocumentData; target: ValuePath | null }) {
  const { commitRow, metadata, values } = data;
  return useCallback(
    ({ page, rotation, cells }: { page: number; rotation: number; cells: RowCell[] }): boolean => {
      if (!target || target.row === undefined) return false;
      const field = fields.find((candidate) => candidate.name === target.field);
      const columns = field?.columns ?? [];
      if (!field || columns.length === 0) return false;
      const rowCount = Array.isArray(values[field.name]) ? (values[field.name] as unknown[]).length : 0;
      // Column positions are in the page's own frame: after a turn of the view, the phrases fill left to right.
      const places =
        rotation % 360 === 0 ? columnPlaces(field, metadata[field.name], rowCount, { page, exceptRow: target.row }) : columns.map((column) => ({ name: column.name, extent: null }));
      const start = columns.findIndex((column) => column.name === target.column);
      const texts = assignRowCells(cells, places, Math.max(0, start));
      if (Object.keys(texts).length === 0) return false;
      return commitRow(field, target.row, texts);
    },
    [commitRow, fields, metadata, target, values],
  );
}
