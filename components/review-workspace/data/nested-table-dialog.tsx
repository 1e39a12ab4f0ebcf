"use client";

import { useState } from "react";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";
import type { Field } from "@/lib/contracts/fields";
import { fromInputText, toInputText } from "../field-values";
import { ValueControl } from "./value-control";

type Row = Record<string, unknown>;

/** The rows of a nested table as texts, for editing. */
function toTexts(value: unknown, columns: Field[]): Array<Record<string, string>> {
  const rows = Array.isArray(value) ? value : [];
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column.name, toInputText(typeof row === "object" && row !== null ? (row as Row)[column.name] : null)])));
}

/**
 * A table inside a table cell (a line item's sub-lines), edited in a grid of its own: cells, rows added and
 * removed, then saved as the cell's value in one change. Text that does not fit a column's type keeps the dialog
 * open with the reason beside the cell.
 */
export function NestedTableDialog({ open, onOpenChange, title, column, value, onSave }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  column: Field;
  value: unknown;
  onSave: (rows: Row[]) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <NestedTableEditor title={title} column={column} value={value} onSave={onSave} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function NestedTableEditor({ title, column, value, onSave, onClose }: { title: string; column: Field; value: unknown; onSave: (rows: Row[]) => void; onClose: () => void }) {
  const columns = (column.columns ?? []).filter((nested) => nested.type !== "table");
  const [rows, setRows] = useState(() => toTexts(value, columns));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function save() {
    const found: Record<string, string> = {};
    const parsed = rows.map((row, rowIndex) =>
      Object.fromEntries(
        columns.map((nested) => {
          const result = fromInputText(nested, row[nested.name] ?? "");
          if (!result.ok) found[`${rowIndex}.${nested.name}`] = result.message;
          return [nested.name, result.ok ? result.value : null];
        }),
      ),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave(parsed);
    onClose();
  }

  return (
    <DialogContent size="lg">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Edit the rows of this cell, then save them.</DialogDescription>
      </DialogHeader>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table aria-label={title} className="w-full text-left text-xs">
          <thead className="bg-subtle text-muted">
            <tr>
              <th scope="col" className="w-8 px-1.5 py-1 font-medium">
                #
              </th>
              {columns.map((nested) => (
                <th key={nested.id} scope="col" className="px-1.5 py-1 font-medium">
                  {nested.name}
                </th>
              ))}
              <th scope="col" className="w-8 px-1.5 py-1 font-medium">
                <span className="sr-only">Remove</span>
              </th>
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
                {columns.map((nested) => {
                  const error = errors[`${rowIndex}.${nested.name}`];
                  return (
                    <td key={nested.id} className="border-t border-line p-1 align-top">
                      <ValueControl
                        id={`nested-${column.id}-${rowIndex}-${nested.id}`}
                        definition={nested}
                        text={row[nested.name] ?? ""}
                        dirty={false}
                        readOnly={false}
                        invalid={Boolean(error)}
                        ariaLabel={`${nested.name}, row ${rowIndex + 1}`}
                        className="h-7 w-full min-w-20 px-1.5 text-xs"
                        onDraft={(text) => setRows((current) => current.map((candidate, index) => (index === rowIndex ? { ...candidate, [nested.name]: text } : candidate)))}
                        onCommit={(text) => setRows((current) => current.map((candidate, index) => (index === rowIndex ? { ...candidate, [nested.name]: text } : candidate)))}
                        onCancel={() => undefined}
                        onFocus={() => undefined}
                      />
                      {error ? <p className="text-xs text-danger">{error}</p> : null}
                    </td>
                  );
                })}
                <td className="border-t border-line p-1 align-top">
                  <Button variant="ghost" size="sm" aria-label={`Remove row ${rowIndex + 1} of ${title}`} onClick={() => setRows((current) => current.filter((_row, index) => index !== rowIndex))}>
                    <span aria-hidden="true">×</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DialogFooter className="sm:justify-between">
        <Button variant="secondary" onClick={() => setRows((current) => [...current, Object.fromEntries(columns.map((nested) => [nested.name, ""]))])}>
          Add row
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Save rows</Button>
        </div>
      </DialogFooter>
    </DialogContent>
  );
}
