"use client";

import Link from "next/link";
import { useState, type DragEvent } from "react";
import { Badge, Button, ConfirmDialog, EmptyState, useToast } from "@/components/ui";
import type { ActionResult } from "@/lib/console/action-result";
import type { ColumnInput, CreateField, Field, UpdateField } from "@/lib/contracts/fields";
import { cn } from "@/lib/utils/cn";
import { createFieldAction, deleteFieldAction, reorderFieldsAction, updateFieldAction } from "../actions";
import { FieldDialog, toColumnInput, type FieldDialogResult } from "./field-dialog";
import { ChangePreviewDialog } from "@/components/learning/change-preview-dialog";
import { usesOf, type FieldUses } from "@/components/fields/field-uses";
import { fieldTypeLabel } from "./field-types";

function withoutIds({ id: _id, columns, ...field }: ColumnInput): CreateField {
  return { ...field, ...(columns ? { columns: columns.map(withoutIds) } : {}) };
}

function toPatch({ id: _id, ...field }: ColumnInput): UpdateField {
  return {
    name: field.name,
    type: field.type,
    description: field.description ?? "",
    instructions: field.instructions ?? "",
    required: field.required ?? false,
    ...(field.type === "select" ? { options: field.options ?? [] } : {}),
    ...(field.type === "table" ? { columns: field.columns ?? [] } : {}),
  };
}

/** The parser's fields in extraction order: add, edit (tables with their columns), delete, reorder. */
export function FieldsEditor({ parserId, fields, canWrite, uses = {} }: { parserId: string; fields: Field[]; canWrite: boolean; uses?: FieldUses }) {
  const { toast } = useToast();
  const [dialog, setDialog] = useState<{ field?: Field } | null>(null);
  const [deleting, setDeleting] = useState<Field | null>(null);
  const [reprocess, setReprocess] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<CreateField[] | null>(null);

  /** The parser's whole field list as it would be saved: the edited field in its place, or a new one at the end. */
  function pendingFields(values: ColumnInput, editing?: Field): CreateField[] {
    const next = withoutIds(values);
    if (!editing) return [...fields.map((field) => withoutIds(toColumnInput(field))), next];
    return fields.map((field) => (field.id === editing.id ? next : withoutIds(toColumnInput(field))));
  }

  async function settle(pending: Promise<ActionResult<{ reprocessRecommended: boolean }>>, success: string): Promise<FieldDialogResult> {
    const result = await pending;
    if (!result.ok) return { ok: false, message: result.error.message, issues: result.error.issues };
    if (result.data.reprocessRecommended) setReprocess(true);
    toast({ title: success, tone: "success" });
    return { ok: true };
  }

  async function reorder(ids: string[]) {
    setBusy(true);
    const result = await settle(reorderFieldsAction(parserId, ids), "Order saved");
    setBusy(false);
    if (!result.ok) toast({ title: "Could not reorder", description: result.message, tone: "error" });
  }

  function move(index: number, by: number) {
    const ids = fields.map((field) => field.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void reorder(ids);
  }

  function onDrop(event: DragEvent, targetId: string) {
    event.preventDefault();
    const sourceId = dragging;
    setDragging(null);
    if (!sourceId || sourceId === targetId) return;
    const ids = fields.map((field) => field.id).filter((id) => id !== sourceId);
    ids.splice(ids.indexOf(targetId), 0, sourceId);
    void reorder(ids);
  }

  return (
    <>
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold">Fields</h2>
          <p className="text-muted">What extraction fills for every document, in this order. Tables hold line items, one row per item.</p>
        </div>
        {canWrite ? <Button onClick={() => setDialog({})}>Add field</Button> : null}
      </div>
      {reprocess ? (
        <div role="status" className="mb-4 flex items-center gap-3 rounded-lg border border-warning bg-warning-soft px-4 py-3">
          <p className="flex-1">
            Documents already processed were extracted with the previous fields.{" "}
            <Link href={`/parsers/${parserId}/documents`} className="font-medium text-accent underline">
              Reprocess them
            </Link>{" "}
            from the document list (select them, then Reprocess) to apply this change.
          </p>
          <Button size="sm" variant="ghost" onClick={() => setReprocess(false)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {fields.length === 0 ? (
        <EmptyState title="No fields yet" description="Add the values you want from each document: an invoice number, a date, a total, a table of line items." />
      ) : (
        <ol aria-label="Fields" aria-busy={busy} className="flex flex-col gap-2">
          {fields.map((field, index) => (
            <li
              key={field.id}
              draggable={canWrite}
              onDragStart={() => setDragging(field.id)}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => dragging && event.preventDefault()}
              onDrop={(event) => onDrop(event, field.id)}
              className={cn("rounded-lg border border-line bg-surface p-3", dragging === field.id && "opacity-50", canWrite && "cursor-grab")}
            >
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="text-muted">
                  ⠿
                </span>
                <h3 className="font-medium">{field.name}</h3>
                <Badge>{fieldTypeLabel(field.type)}</Badge>
                {field.required ? <Badge tone="accent">Required</Badge> : null}
                {canWrite ? (
                  <span className="ml-auto flex gap-1">
                    <Button size="sm" variant="ghost" aria-label={`Move ${field.name} up`} disabled={index === 0 || busy} onClick={() => move(index, -1)}>
                      ↑
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Move ${field.name} down`} disabled={index === fields.length - 1 || busy} onClick={() => move(index, 1)}>
                      ↓
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Edit ${field.name}`} onClick={() => setDialog({ field })}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Delete ${field.name}`} onClick={() => setDeleting(field)}>
                      Delete
                    </Button>
                  </span>
                ) : null}
              </div>
              {field.description ? <p className="mt-1 text-muted">{field.description}</p> : null}
              {field.type === "select" ? <p className="mt-1 text-xs text-muted">Options: {field.options.join(", ")}</p> : null}
              {field.type === "table" ? <ColumnList columns={field.columns ?? []} /> : null}
            </li>
          ))}
        </ol>
      )}
      {dialog ? (
        <FieldDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          field={dialog.field}
          usedBy={dialog.field ? usesOf(uses, dialog.field.name) : []}
          onSave={(values) =>
            dialog.field
              ? settle(updateFieldAction(parserId, dialog.field.id, toPatch(values)), `Saved “${values.name}”`)
              : settle(createFieldAction(parserId, withoutIds(values)), `Added “${values.name}”`)
          }
          onPreview={(values) => setPreview(pendingFields(values, dialog.field))}
        />
      ) : null}
      {preview ? <ChangePreviewDialog parserId={parserId} change={{ fields: preview }} onClose={() => setPreview(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description={
          (deleting?.type === "table" ? "The table and all its columns go. Data already extracted stays until documents are reprocessed." : "Data already extracted stays until documents are reprocessed.") +
          (deleting && usesOf(uses, deleting.name).length > 0
            ? ` It is used by ${usesOf(uses, deleting.name).join("; ")}: its approval checks are removed with it, and stage conditions on it stop matching.`
            : "")
        }
        confirmLabel="Delete field"
        tone="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          const result = await settle(deleteFieldAction(parserId, deleting.id), `Deleted “${deleting.name}”`);
          if (!result.ok) throw new Error(result.message);
          setDeleting(null);
        }}
      />
    </>
  );
}

function ColumnList({ columns }: { columns: Field[] }) {
  return (
    <ul aria-label="Columns" className="mt-2 flex flex-wrap gap-1.5 border-l-2 border-line pl-3">
      {columns.map((column) => (
        <li key={column.id} className="rounded-md bg-subtle px-2 py-0.5 text-xs">
          {column.name} <span className="text-muted">· {fieldTypeLabel(column.type)}</span>
          {column.type === "table" ? <ColumnList columns={column.columns ?? []} /> : null}
        </li>
      ))}
    </ul>
  );
}
