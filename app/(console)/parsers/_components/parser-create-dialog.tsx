"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
  Textarea,
} from "@/components/ui";
import { DEFAULT_ACCEPTED_MIME_TYPES } from "@/lib/contracts/file-types";
import { CreateParserSchema } from "@/lib/contracts/parsers";
import { createParserAction } from "../actions";
import { FILE_TYPE_OPTIONS } from "./file-type-options";

type CreateParserForm = z.input<typeof CreateParserSchema>;

export function ParserCreateDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateParserForm>({
    resolver: zodResolver(CreateParserSchema),
    defaultValues: { name: "", description: "", acceptedFileTypes: DEFAULT_ACCEPTED_MIME_TYPES },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await createParserAction(CreateParserSchema.parse(values));
    if (result.ok) {
      setOpen(false);
      form.reset();
      router.push(`/parsers/${result.data.id}/fields`);
    } else if (!applyServerErrors(form.setError, ["name", "description", "acceptedFileTypes"], result.error.issues)) {
      setFormError(result.error.message);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>Create parser</Button>
      </DialogTrigger>
      <DialogContent size="md">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Create parser</DialogTitle>
            <DialogDescription>Name it after the documents it reads. You add its fields next.</DialogDescription>
          </DialogHeader>
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
          <FormError message={formError} />
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Create parser
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
