"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { showActionError } from "@/components/forms/use-result-dialog";
import { Button, Checkbox, Dialog, DialogContent, FormField, Input, Select, TagInput, Textarea } from "@/components/ui";
import { ColumnInputSchema, type ColumnInput, type Field } from "@/lib/contracts/fields";
import { ColumnsEditor, type ColumnErrors } from "./columns-editor";
import { FIELD_TYPE_OPTIONS } from "./field-types";

const FORM_FIELDS = ["name", "type", "description", "instructions", "required", "options", "columns"] as const;

export type FieldDialogResult = { ok: true } | { ok: false; message: string; issues?: { path: string; message: string }[] };

/** The field as the form edits it: the create shape plus column ids, so an edit keeps existing columns. */
export function toColumnInput(field: Field): ColumnInput {
  return {
    id: field.id,
    name: field.name,
    type: field.type,
    description: field.description,
    instructions: field.instructions,
    required: field.required,
    options: field.type === "select" ? field.options : undefined,
    columns: field.type === "table" ? (field.columns ?? []).map(toColumnInput) : undefined,
  };
}

const EMPTY: ColumnInput = { name: "", type: "text", description: "", instructions: "", required: false };

export function FieldDialog({
  open,
  onOpenChange,
  field,
  usedBy = [],
  onSave,
  onPreview,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new field. */
  field?: Field;
  /** What reads this field (approval checks, stage conditions, splitting): told before a rename. */
  usedBy?: string[];
  onSave: (values: ColumnInput) => Promise<FieldDialogResult>;
  /** "Preview on approved documents" with the values as they stand in the form (validated first). */
  onPreview?: (values: ColumnInput) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ColumnInput>({ resolver: zodResolver(ColumnInputSchema), defaultValues: field ? toColumnInput(field) : EMPTY });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: "type" });
  const name = useWatch({ control: form.control, name: "name" });
  const renaming = field !== undefined && name.trim() !== "" && name.trim() !== field.name;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await onSave(values);
    if (result.ok) onOpenChange(false);
    else showActionError({ setError: form.setError, fields: FORM_FIELDS, error: result, setFormError });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <FormDialogPanel
          title={field ? `Edit “${field.name}”` : "Add field"}
          submitLabel={field ? "Save field" : "Add field"}
          submitting={isSubmitting}
          formError={formError}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
          secondaryActions={
            onPreview ? (
              <Button variant="ghost" className="mr-auto" onClick={form.handleSubmit((values) => onPreview(values))}>
                Preview on approved documents
              </Button>
            ) : null
          }
        >
            <div className="grid grid-cols-2 gap-4">
              <FormField label="Name" htmlFor="field-name" error={errors.name?.message} required description="The key of the value in the extracted data.">
                <Input autoFocus placeholder="e.g. invoiceNumber" {...form.register("name")} />
              </FormField>
              <FormField label="Type" htmlFor="field-type" error={errors.type?.message}>
                <Select
                  {...form.register("type", {
                    onChange: (event: { target: { value: string } }) => {
                      if (event.target.value === "table" && !form.getValues("columns")?.length) form.setValue("columns", [{ name: "", type: "text", required: false }]);
                    },
                  })}
                >
                  {FIELD_TYPE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            {renaming && usedBy.length > 0 ? (
              <p role="note" className="rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
                “{field.name}” is used by {usedBy.join("; ")}. Approval checks and stage conditions follow the new name
                {usedBy.some((use) => use.startsWith("document splitting")) ? "; the split setting does not, so the rename is refused until it is changed" : ""}.
              </p>
            ) : null}
            <FormField label="Description" htmlFor="field-description" error={errors.description?.message} description="What the value is; extraction reads it too.">
              <Input placeholder="e.g. The supplier's invoice number" {...form.register("description")} />
            </FormField>
            <FormField label="Instructions" htmlFor="field-instructions" error={errors.instructions?.message} description="Where to find it and how to read it.">
              <Textarea rows={2} placeholder="e.g. Top right, labelled Invoice No. Keep leading zeros." {...form.register("instructions")} />
            </FormField>
            <Checkbox label="Required" description="Every document is expected to have this value." {...form.register("required")} />
            {type === "select" ? (
              <FormField label="Options" htmlFor="field-options" error={errors.options?.message ?? errors.options?.root?.message}>
                <Controller
                  control={form.control}
                  name="options"
                  render={({ field: control, fieldState }) => (
                    <TagInput inputLabel="Add an option" value={control.value ?? []} onChange={control.onChange} invalid={Boolean(fieldState.error)} placeholder="Press Enter after each option" />
                  )}
                />
              </FormField>
            ) : null}
            {type === "table" ? (
              <fieldset>
                <legend className="mb-1.5 font-medium">Columns</legend>
                <Controller
                  control={form.control}
                  name="columns"
                  render={({ field: control }) => <ColumnsEditor label="Columns" value={control.value ?? []} onChange={control.onChange} errors={errors.columns as unknown as ColumnErrors} />}
                />
                {/* A column's own problem is shown on its row; this line says what concerns the columns as a whole. */}
                <p aria-live="polite" className="mt-1 text-xs font-medium text-danger empty:hidden">
                  {errors.columns?.message ?? errors.columns?.root?.message ?? (errors.columns && !hasRowErrors(errors.columns as unknown as ColumnErrors) ? "Check the columns: each needs a unique name." : null)}
                </p>
              </fieldset>
            ) : null}
        </FormDialogPanel>
      </DialogContent>
    </Dialog>
  );
}

/** Whether some column carries its own message (then the rows say it, not a line for the whole list). */
function hasRowErrors(errors: ColumnErrors): boolean {
  return (errors ?? []).some((entry) => Boolean(entry?.name?.message) || hasRowErrors(entry?.columns));
}
