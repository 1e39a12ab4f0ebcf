"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { RoutingRulesEditor, type ParserOption } from "@/components/classifiers/routing-rules-editor";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, FormField, Input, Textarea } from "@/components/ui";
import { CreateClassifierSchema } from "@/lib/contracts/classifiers";
import { createClassifierAction } from "../actions";

type CreateClassifierForm = z.input<typeof CreateClassifierSchema>;
const EMPTY: CreateClassifierForm = { name: "", description: "", routing: { rules: [{ label: "", targetParserId: "" }], fallback: { action: "skip" } } };

/** A name and the first routing rules; fallback, instructions and splitting are set on the classifier's page. */
export function ClassifierCreateDialog({ parsers }: { parsers: ParserOption[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateClassifierForm>({ resolver: zodResolver(CreateClassifierSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await createClassifierAction(CreateClassifierSchema.parse(values));
    if (result.ok) {
      setOpen(false);
      form.reset(EMPTY);
      router.push(`/classifiers/${result.data.id}`);
    } else if (!applyServerErrors(form.setError, ["name", "description", "routing"], result.error.issues)) {
      setFormError(result.error.message);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button disabled={parsers.length === 0} title={parsers.length === 0 ? "Create a parser first: rules route documents to parsers" : undefined}>
          Create classifier
        </Button>
      </DialogTrigger>
      <DialogContent size="lg">
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Create classifier</DialogTitle>
              <DialogDescription>Each uploaded document is classified by type and sent to the parser of the first rule whose label it matches.</DialogDescription>
            </DialogHeader>
            <FormField label="Name" htmlFor="classifier-name" error={errors.name?.message} required>
              <Input autoFocus placeholder="e.g. Accounts payable inbox" {...form.register("name")} />
            </FormField>
            <FormField label="Description" htmlFor="classifier-description" error={errors.description?.message}>
              <Textarea rows={2} {...form.register("description")} />
            </FormField>
            <RoutingRulesEditor parsers={parsers} idPrefix="create" />
            <FormError message={formError} />
            <DialogFooter>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Create classifier
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
