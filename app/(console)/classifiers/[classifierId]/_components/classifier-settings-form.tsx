"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { RoutingRulesEditor, type ParserOption } from "@/components/classifiers/routing-rules-editor";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { useUnsavedChangesGuard } from "@/components/forms/use-unsaved-changes-guard";
import { Button, Checkbox, FormField, Input, Select, Textarea, useToast } from "@/components/ui";
import { CreateClassifierSchema, type Classifier } from "@/lib/contracts/classifiers";
import { updateClassifierAction } from "../../actions";

/** The settings a person edits here: the update contract's keys, validated by the same schema the API uses. */
const FormSchema = CreateClassifierSchema.pick({ name: true, description: true, isActive: true, routing: true, splitDocuments: true });
type FormValues = z.input<typeof FormSchema>;
const FIELDS = ["name", "description", "isActive", "routing", "splitDocuments"];

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));

function toFormValues(classifier: Classifier): FormValues {
  const { routing, splitDocuments } = classifier.settings;
  return {
    name: classifier.name,
    description: classifier.description,
    isActive: classifier.isActive,
    routing: {
      rules: routing.rules.map((rule) => ({ id: rule.id, label: rule.label, targetParserId: rule.targetParserId })),
      fallback: routing.fallback.action === "route" ? { action: "route", targetParserId: routing.fallback.targetParserId } : { action: "skip" },
      instructions: routing.instructions,
    },
    splitDocuments: { enabled: splitDocuments.enabled, mode: splitDocuments.mode, everyXPages: splitDocuments.everyXPages, pageRanges: splitDocuments.pageRanges ?? "" },
  };
}

export function ClassifierSettingsForm({ classifier, parsers, canWrite }: { classifier: Classifier; parsers: ParserOption[]; canWrite: boolean }) {
  const { toast } = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: toFormValues(classifier) });
  const { register, control, formState } = form;
  const { isDirty, isSubmitting, errors } = formState;
  useUnsavedChangesGuard(isDirty);
  const [fallbackAction, splitMode] = useWatch({ control, name: ["routing.fallback.action", "splitDocuments.mode"] });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await updateClassifierAction(classifier.id, FormSchema.parse(values));
    if (result.ok) {
      form.reset(toFormValues(result.data));
      toast({ title: "Classifier saved", tone: "success" });
    } else if (!applyServerErrors(form.setError, FIELDS, result.error.issues)) {
      setFormError(result.error.message);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Classifier settings" className="flex flex-col gap-6">
        <fieldset disabled={!canWrite} className="flex flex-col gap-6">
          <section aria-labelledby="classifier-routing" className="flex flex-col gap-4">
            <h2 id="classifier-routing" className="font-semibold">
              Routing
            </h2>
            <RoutingRulesEditor parsers={parsers} idPrefix="settings" />
            <div className="grid gap-4 md:grid-cols-2">
              <FormField label="When no rule matches" htmlFor="classifier-fallback-action" error={errors.routing?.fallback?.action?.message}>
                <Select {...register("routing.fallback.action")}>
                  <option value="skip">Skip the document</option>
                  <option value="route">Send it to a parser</option>
                </Select>
              </FormField>
              {fallbackAction === "route" ? (
                <FormField label="Fallback parser" htmlFor="classifier-fallback-target" error={errors.routing?.fallback?.targetParserId?.message}>
                  <Select placeholder="Choose a parser" {...register("routing.fallback.targetParserId", { setValueAs: emptyToUndefined })}>
                    {parsers.map((parser) => (
                      <option key={parser.id} value={parser.id}>
                        {parser.name}
                      </option>
                    ))}
                  </Select>
                </FormField>
              ) : null}
            </div>
            <FormField
              label="Instructions"
              htmlFor="classifier-instructions"
              error={errors.routing?.instructions?.message}
              description="Say what marks each type; quoted words count as evidence for the label the sentence names, e.g. Receipts say 'Kassenbon'."
            >
              <Textarea rows={3} {...register("routing.instructions")} />
            </FormField>
          </section>

          <section aria-labelledby="classifier-general" className="flex flex-col gap-4">
            <h2 id="classifier-general" className="font-semibold">
              General
            </h2>
            <FormField label="Name" htmlFor="classifier-settings-name" error={errors.name?.message} required>
              <Input {...register("name")} />
            </FormField>
            <FormField label="Description" htmlFor="classifier-settings-description" error={errors.description?.message}>
              <Textarea rows={2} {...register("description")} />
            </FormField>
            <Checkbox label="Active" description="An inactive classifier takes no uploads or mail; its documents stay." {...register("isActive")} />
            <Checkbox label="Split documents" description="Cut each uploaded PDF into parts, each classified and routed on its own." {...register("splitDocuments.enabled")} />
            <div className="grid gap-4 border-l-2 border-line pl-4 md:grid-cols-2">
              <FormField label="Split mode" htmlFor="classifier-split-mode" error={errors.splitDocuments?.mode?.message}>
                <Select {...register("splitDocuments.mode")}>
                  <option value="everyXPages">Every N pages</option>
                  <option value="pageRanges">By page ranges</option>
                </Select>
              </FormField>
              {splitMode === "pageRanges" ? (
                <FormField label="Page ranges" htmlFor="classifier-split-ranges" error={errors.splitDocuments?.pageRanges?.message} description="One part per entry, such as 1-3,4-6,7.">
                  <Input {...register("splitDocuments.pageRanges")} />
                </FormField>
              ) : (
                <FormField label="Pages per part" htmlFor="classifier-split-every" error={errors.splitDocuments?.everyXPages?.message}>
                  <Input type="number" min={1} {...register("splitDocuments.everyXPages", { setValueAs: optionalNumber })} />
                </FormField>
              )}
            </div>
          </section>
        </fieldset>
        {canWrite ? (
          <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-line bg-canvas/95 py-3 backdrop-blur">
            <p aria-live="polite" className="mr-auto text-sm">
              {formError ? <span className="font-medium text-danger">{formError}</span> : isDirty ? <span className="text-muted">Unsaved changes</span> : null}
            </p>
            <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
              Discard
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save classifier
            </Button>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}
