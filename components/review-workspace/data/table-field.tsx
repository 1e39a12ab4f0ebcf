"use client";

import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui";
import type { Field } from "@/lib/contracts/fields";
import { cn } from "@/lib/utils/cn";
import { confidenceLevel, needsAttention, readableFieldName, readCellMeta, toInputText } from "../field-values";
import type { DocumentData } from "../use-document-data";
import { cellPath, inputId, pathKey } from "../value-paths";
import { ConfidenceHint, TONE_CLASSES, valueTone } from "./confidence-hint";
import { caretOf, gridTarget } from "./grid-navigation";
import { NestedTableDialog } from "./nested-table-dialog";
import { ValueControl } from "./value-control";
import type { ValueEvents } from "./value-events";

type Row = Record<string, unknown>;

/** Column widths by what the column holds (beside the page); text columns share what is left. */
const COLUMN_WIDTHS: Partial<Record<Field["type"], string>> = {
  number: "w-16",
  currency: "w-20",
  date: "w-28",
  boolean: "w-16",
  select: "w-24",
  table: "w-20",
};

function TableCell({ field, column, columnIndex, rowIndex, row, data, readOnly, isPickTarget, events, problem }: {
  field: Field;
  column: Field;
  columnIndex: number;
  rowIndex: number;
  row: Row;
  data: DocumentData;
  readOnly: boolean;
  isPickTarget: boolean;
  events: ValueEvents;
  problem: string | null;
}) {
  const path = cellPath(field.name, rowIndex, column.name);
  const key = pathKey(path);
  const id = inputId(path);
  const meta = readCellMeta(data.metadata[field.name], rowIndex, column.name);
  const level = confidenceLevel(meta, { edited: data.edited.has(key), thresholds: data.thresholds, value: row[column.name] });
  const draft = data.drafts[key];
  const error = data.errors[key];
  const value = row[column.name];
  const hintId = `${id}-confidence`;
  const [nestedOpen, setNestedOpen] = useState(false);
  const nestedCount = Array.isArray(value) ? value.length : 0;
  return (
    <td
      data-value-path={key}
      data-grid-row={rowIndex}
      data-grid-column={columnIndex}
      data-attention={needsAttention(level, column.required) || problem !== null ? "true" : undefined}
      onMouseEnter={() => events.onHoverValue(meta)}
      onMouseLeave={() => events.onHoverValue(null)}
      className={cn("border-t border-line p-1 align-top", isPickTarget && "bg-accent-soft")}
    >
      {column.type === "table" ? (
        // A nested table gets a grid of its own, in a dialog; the cell's button is part of the grid's keys.
        <>
          <Button
            id={id}
            variant="ghost"
            size="sm"
            className="h-7 px-1.5 text-xs"
            disabled={readOnly && !Array.isArray(value)}
            aria-label={`${column.name}, row ${rowIndex + 1}: ${nestedCount} ${nestedCount === 1 ? "row" : "rows"}${readOnly ? "" : ", edit"}`}
            onFocus={() => events.onFocusValue(path, meta)}
            onClick={() => setNestedOpen(true)}
          >
            {Array.isArray(value) ? `${value.length} ${value.length === 1 ? "row" : "rows"}` : "No rows"}
            {readOnly ? null : <span aria-hidden="true"> ✎</span>}
          </Button>
          <NestedTableDialog
            open={nestedOpen && !readOnly}
            onOpenChange={setNestedOpen}
            title={`${column.name}, row ${rowIndex + 1} of ${field.name}`}
            column={column}
            value={value}
            onSave={(rows) => data.commitCellValue({ field: field.name, row: rowIndex, column: column.name }, rows)}
          />
        </>
      ) : (
        <>
          <ValueControl
            id={id}
            definition={column}
            text={draft ?? toInputText(value, column.type)}
            dirty={draft !== undefined}
            readOnly={readOnly}
            invalid={Boolean(error) || problem !== null}
            ariaLabel={`${column.name}, row ${rowIndex + 1}`}
            describedBy={hintId}
            className={cn("h-7 w-full min-w-0 px-1.5 text-xs", TONE_CLASSES[valueTone(level, problem !== null)])}
            onDraft={(text) => data.setDraft(path, text)}
            onCommit={(text) => data.commitText(path, text)}
            onCancel={() => data.cancelDraft(path)}
            onFocus={() => events.onFocusValue(path, meta)}
          />
          <ConfidenceHint id={hintId} level={level} confidence={meta.confidence} failsCheck={problem !== null} compact />
          {error || problem ? <p className="text-xs text-danger">{error ?? problem}</p> : null}
        </>
      )}
    </td>
  );
}

/** A table field as an editable grid: one input per cell, rows added and removed (each change is saved). */
export function TableField({ field, data, readOnly, pickTargetKey, events, problems, wide = false }: {
  field: Field;
  /** Why values block an approval, by value path. */
  problems: ReadonlyMap<string, string>;
  data: DocumentData;
  readOnly: boolean;
  pickTargetKey: string | null;
  events: ValueEvents;
  /** Shown across the workspace: cells get room, and columns can be widened by dragging their edge. */
  wide?: boolean;
}) {
  const rows: Row[] = Array.isArray(data.values[field.name]) ? (data.values[field.name] as Row[]) : [];
  const columns = field.columns ?? [];
  const captionId = `table-${field.id}`;

  // Arrow keys and Enter move between cells, as in a spreadsheet (grid-navigation.ts).
  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>("[data-grid-row]");
    if (!cell || event.nativeEvent.isComposing) return;
    // In a multi-line value, Enter and the vertical arrows belong to the text.
    if (target instanceof HTMLTextAreaElement && ["Enter", "ArrowUp", "ArrowDown"].includes(event.key)) return;
    // Enter on the button of a nested table opens it.
    if (target instanceof HTMLButtonElement && event.key === "Enter") return;
    const from = { row: Number(cell.dataset.gridRow), column: Number(cell.dataset.gridColumn) };
    const next = gridTarget(from, { rows: rows.length, columns: columns.length }, event, caretOf(target as HTMLInputElement));
    if (!next) return;
    event.preventDefault();
    const input = document.getElementById(inputId(cellPath(field.name, next.row, columns[next.column]!.name)));
    input?.focus();
    // The caret goes to the end of the text, so → moves on at once and ← moves into the text.
    if (input instanceof HTMLInputElement && ["text", "email", "url", "tel", "search"].includes(input.type)) input.setSelectionRange(input.value.length, input.value.length);
  }

  return (
    <section aria-labelledby={captionId} className="flex flex-col gap-1.5 px-2">
      <div className="flex items-center justify-between">
        <h3 id={captionId} className="text-xs font-medium">
          {readableFieldName(field.name)} <span className="font-normal text-muted">({rows.length} {rows.length === 1 ? "row" : "rows"})</span>
        </h3>
        {readOnly ? null : (
          <Button variant="secondary" size="sm" onClick={() => data.addRow(field)} aria-label={`Add a row to ${field.name}`}>
            Add row
          </Button>
        )}
      </div>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table aria-labelledby={captionId} onKeyDown={onGridKeyDown} className={cn("w-full text-left text-xs", !wide && "table-fixed")}>
          {/* Beside the page, columns are sized by what they hold: numbers and dates narrow, text takes the rest, so
              every column fits; "Wide tables" lets the content decide and columns be widened by hand. */}
          {wide ? null : (
            <colgroup>
              <col className="w-7" />
              {columns.map((column) => (
                <col key={column.id} className={COLUMN_WIDTHS[column.type] ?? ""} />
              ))}
              {readOnly ? null : <col className="w-8" />}
            </colgroup>
          )}
          <thead className="bg-subtle text-muted">
            <tr>
              <th scope="col" className="w-8 px-1.5 py-1 font-medium">
                #
              </th>
              {columns.map((column) => (
                <th key={column.id} scope="col" title={column.name} className={cn("truncate px-1.5 py-1 font-medium", wide && "min-w-32 resize-x overflow-hidden")}>
                  {readableFieldName(column.name)}
                </th>
              ))}
              {readOnly ? null : (
                <th scope="col" className="w-8 px-1.5 py-1 font-medium">
                  <span className="sr-only">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="px-2 py-2 text-muted">
                  No rows.
                </td>
              </tr>
            ) : null}
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row" className="border-t border-line px-1.5 text-muted">
                  {rowIndex + 1}
                </th>
                {columns.map((column, columnIndex) => (
                  <TableCell
                    key={column.id}
                    field={field}
                    column={column}
                    columnIndex={columnIndex}
                    rowIndex={rowIndex}
                    row={row}
                    data={data}
                    readOnly={readOnly}
                    isPickTarget={pickTargetKey === pathKey(cellPath(field.name, rowIndex, column.name))}
                    events={events}
                    problem={problems.get(pathKey(cellPath(field.name, rowIndex, column.name))) ?? null}
                  />
                ))}
                {readOnly ? null : (
                  <td className="border-t border-line p-1 align-top">
                    <Button variant="ghost" size="sm" aria-label={`Remove row ${rowIndex + 1} of ${field.name}`} onClick={() => data.removeRow(field, rowIndex)}>
                      <span aria-hidden="true">×</span>
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
