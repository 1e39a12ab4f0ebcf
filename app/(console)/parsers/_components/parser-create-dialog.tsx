"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { showActionError, useFormDialog } from "@/components/forms/use-result-dialog";
import { Button, Checkbox, Dialog, DialogContent, DialogTrigger, FormField, Input, Textarea } from "@/components/ui";
import { DEFAULT_ACCEPTED_MIME_TYPES } from "@/lib/contracts/file-types";
import { CreateParserSchema } from "@/lib/contracts/parsers";
import { createParserAction } from "../actions";
import { FILE_TYPE_OPTIONS } from "./file-type-options";

type CreateParserForm = z.input<typeof CreateParserSchema>;
const FORM_FIELDS = ["name", "description", "acceptedFileTypes"] as const;

export function ParserCreateDialog() {
  const router = useRouter();
  const form = useForm<CreateParserForm>({
    resolver: zodResolver(CreateParserSchema),
    defaultValues: { name: "", description: "", acceptedFileTypes: DEFAULT_ACCEPTED_MIME_TYPES },
  });
  const { errors, isSubmitting } = form.formState;
  const { open, onOpenChange, setFormError, panel } = useFormDialog(() => form.reset());

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await createParserAction(CreateParserSchema.parse(values));
    if (!result.ok) return showActionError({ setError: form.setError, fields: FORM_FIELDS, error: result.error, setFormError });
    onOpenChange(false);
    router.push(`/parsers/${result.data.id}/fields`);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Create parser</Button>
      </DialogTrigger>
      <DialogContent size="md">
        <FormDialogPanel
          title="Create parser"
          description="Name it after the documents it reads. You add its fields next."
          submitLabel="Create parser"
          submitting={isSubmitting}
          onSubmit={onSubmit}
          {...panel}
        >
          <FormField label="Name" htmlFor="parser-name" error={errors.name?.message} required>
            <Input autoFocus placeholder="e.g. Supplier invoices" {...form.register("name")} />
          </FormField>
          <FormField label="Description" htmlFor="parser-description" error={errors.description?.message}>
            <Textarea rows={2} {...form.register("description")} />
          </FormField>
          <fieldset>
            <legend className="mb-1.5 font-medium">Accepted file types</legend>
            <div className="grid grid-cols-2 gap-1.5">
              {FILE_TYPE_OPTIONS.map((option) => (
                <Checkbox key={option.mimeType} value={option.mimeType} label={option.label} {...form.register("acceptedFileTypes")} />
              ))}
            </div>
            <p aria-live="polite" className="mt-1 text-xs font-medium text-danger empty:hidden">
              {errors.acceptedFileTypes?.message}
            </p>
          </fieldset>
        </FormDialogPanel>
      </DialogContent>
    </Dialog>
  );
}
