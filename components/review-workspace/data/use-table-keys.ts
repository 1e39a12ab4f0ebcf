"use client";

import { useCallback } from "react";
import type { Field } from "@/lib/contracts/fields";
import type { DocumentData } from "../use-document-data";
import { inputId, type ValuePath } from "../value-paths";

/** Focuses a value's input once React has drawn it (a row just added or removed). */
function focusSoon(path: ValuePath): void {
  requestAnimationFrame(() => {
    const input = document.getElementById(inputId(path));
    input?.focus();
    input?.scrollIntoView({ block: "nearest" });
  });
}

/**
 * The table shortcuts: add a row (to the table being edited, else the first table) and focus its first cell;
 * remove the focused row and stay in the same column. False when there is nothing to do, so the key passes.
 */
export function useTableKeys({ fields, data, focused, enabled }: { fields: Field[]; data: DocumentData; focused: ValuePath | null; enabled: boolean }) {
  const { addRow: add, removeRow: remove, values } = data;
  const rowCount = useCallback((field: Field) => (Array.isArray(values[field.name]) ? (values[field.name] as unknown[]).length : 0), [values]);

  const addRow = useCallback((): boolean => {
    if (!enabled) return false;
    const field = fields.find((candidate) => candidate.type === "table" && candidate.name === focused?.field) ?? fields.find((candidate) => candidate.type === "table");
    const first = field?.columns?.find((column) => column.type !== "table") ?? field?.columns?.[0];
    if (!field || !first) return false;
    const index = rowCount(field);
    add(field);
    focusSoon({ field: field.name, row: index, column: first.name });
    return true;
  }, [add, enabled, fields, focused, rowCount]);

  const removeRow = useCallback((): boolean => {
    if (!enabled || !focused || focused.row === undefined) return false;
    // Only while the focus is in the table: a path remembered from earlier is not what the reviewer is on now.
    const active = document.activeElement;
    if (!active?.closest(`[data-value-path^="${CSS.escape(`${focused.field}.`)}"]`)) return false;
    const field = fields.find((candidate) => candidate.name === focused.field);
    if (!field) return false;
    const remaining = rowCount(field) - 1;
    remove(field, focused.row);
    if (remaining > 0) focusSoon({ field: field.name, row: Math.min(focused.row, remaining - 1), column: focused.column });
    return true;
  }, [enabled, fields, focused, remove, rowCount]);

  return { addRow, removeRow };
}
