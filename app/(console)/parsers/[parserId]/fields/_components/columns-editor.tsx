"use client";

import { Button, Checkbox, Input, Select, TagInput } from "@/components/ui";
import type { ColumnInput } from "@/lib/contracts/fields";
import { MAX_FIELD_DEPTH } from "@/lib/contracts/fields";
import { FIELD_TYPE_OPTIONS } from "./field-types";

/**
 * A table's columns, edited inline: add, remove, reorder, and nested columns for a column that is itself a
 * table. Works on plain values so it can nest; the field dialog holds the state.
 */
/** A column's own problems, by index (an empty name, a repeated one), from the form's validation or the API. */
export type ColumnErrors = readonly ({ name?: { message?: string }; columns?: ColumnErrors } | undefined)[] | undefined;

export function ColumnsEditor({ value, onChange, depth = 2, label, errors, idPrefix = "column" }: {
  value: ColumnInput[];
  onChange: (columns: ColumnInput[]) => void;
  depth?: number;
  label: string;
  errors?: ColumnErrors;
  idPrefix?: string;
}) {
  const update = (index: number, patch: Partial<ColumnInput>) => onChange(value.map((column, i) => (i === index ? { ...column, ...patch } : column)));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    onChange(next);
  };
  const typeOptions = depth >= MAX_FIELD_DEPTH ? FIELD_TYPE_OPTIONS.filter((option) => option.value !== "table") : FIELD_TYPE_OPTIONS;

  return (
    <div className="flex flex-col gap-2">
      <ol aria-label={label} className="flex flex-col gap-2">
        {value.map((column, index) => {
          const name = column.name || `column ${index + 1}`;
          const nameError = errors?.[index]?.name?.message;
          const errorId = `${idPrefix}-${index}-name-error`;
          return (
            <li key={column.id ?? `new-${index}`} className="rounded-md border border-line bg-canvas p-2">
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  aria-label={`Column ${index + 1} name`}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? errorId : undefined}
                  value={column.name}
                  onChange={(event) => update(index, { name: event.target.value })}
                  placeholder="Column name"
                  className="w-40"
                />
                <Select
                  aria-label={`Column ${index + 1} type`}
                  value={column.type}
                  wrapperClassName="w-40"
                  onChange={(event) => {
                    const type = event.target.value as ColumnInput["type"];
                    update(index, { type, options: type === "select" ? (column.options ?? []) : undefined, columns: type === "table" ? (column.columns ?? []) : undefined });
                  }}
                >
                  {typeOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
                <Checkbox label="Required" checked={column.required ?? false} onChange={(event) => update(index, { required: event.target.checked })} />
                <span className="ml-auto flex gap-1">
                  <Button size="sm" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    ↑
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Move ${name} down`} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                    ↓
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                    Remove
                  </Button>
                </span>
              </div>
              {nameError ? (
                <p id={errorId} className="mt-1 text-xs font-medium text-danger">
                  Column {index + 1}: {nameError === "Name is required" ? "give this column a name" : nameError}
                </p>
              ) : null}
              {column.type === "select" ? (
                <div className="mt-2">
                  <TagInput inputLabel={`Add an option to ${name}`} value={column.options ?? []} onChange={(options) => update(index, { options })} placeholder="Options: press Enter after each" />
                </div>
              ) : null}
              {column.type === "table" ? (
                <div className="mt-2 border-l-2 border-line pl-3">
                  <ColumnsEditor
                    label={`Columns of ${name}`}
                    value={column.columns ?? []}
                    onChange={(columns) => update(index, { columns })}
                    depth={depth + 1}
                    errors={errors?.[index]?.columns}
                    idPrefix={`${idPrefix}-${index}`}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button size="sm" variant="secondary" className="self-start" onClick={() => onChange([...value, { name: "", type: "text", required: false }])}>
        Add column
      </Button>
    </div>
  );
}
