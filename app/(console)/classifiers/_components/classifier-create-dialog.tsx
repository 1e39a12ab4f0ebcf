"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { RoutingRulesEditor, type ParserOption } from "@/components/classifiers/routing-rules-editor";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { showActionError, useFormDialog } from "@/components/forms/use-result-dialog";
import { Button, Dialog, DialogContent, DialogTrigger, FormField, Input, Textarea } from "@/components/ui";
import { CreateClassifierSchema } from "@/lib/contracts/classifiers";
import { createClassifierAction } from "../actions";

type CreateClassifierForm = z.input<typeof CreateClassifierSchema>;
const EMPTY: CreateClassifierForm = { name: "", description: "", routing: { rules: [{ label: "", targetParserId: "" }], fallback: { action: "skip" } } };
const FORM_FIELDS = ["name", "description", "routing"] as const;

/** A name and the first routing rules; fallback, instructions and splitting are set on the classifier's page. */
export function ClassifierCreateDialog({ parsers }: { parsers: ParserOption[] }) {
  const router = useRouter();
  const form = useForm<CreateClassifierForm>({ resolver: zodResolver(CreateClassifierSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const { open, onOpenChange, setFormError, panel } = useFormDialog(() => form.reset(EMPTY));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await createClassifierAction(CreateClassifierSchema.parse(values));
    if (!result.ok) return showActionError({ setError: form.setError, fields: FORM_FIELDS, error: result.error, setFormError });
    onOpenChange(false);
    router.push(`/classifiers/${result.data.id}`);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button disabled={parsers.length === 0} title={parsers.length === 0 ? "Create a parser first: rules route documents to parsers" : undefined}>
          Create classifier
        </Button>
      </DialogTrigger>
      <DialogContent size="lg">
        <FormProvider {...form}>
          <FormDialogPanel
            title="Create classifier"
            description="Each uploaded document is classified by type and sent to the parser of the first rule whose label it matches."
            submitLabel="Create classifier"
            submitting={isSubmitting}
            onSubmit={onSubmit}
            {...panel}
          >
            <FormField label="Name" htmlFor="classifier-name" error={errors.name?.message} required>
              <Input autoFocus placeholder="e.g. Accounts payable inbox" {...form.register("name")} />
            </FormField>
            <FormField label="Description" htmlFor="classifier-description" error={errors.description?.message}>
              <Textarea rows={2} {...form.register("description")} />
            </FormField>
            <RoutingRulesEditor parsers={parsers} idPrefix="create" />
          </FormDialogPanel>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
