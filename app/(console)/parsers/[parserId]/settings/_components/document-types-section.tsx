"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Checkbox, FormField, TagInput, Textarea } from "@/components/ui";
import type { SettingsFormValues } from "./form-values";
import { SettingsSection } from "./settings-section";

/** The classification gate: check each incoming document's type before extracting. */
export function DocumentTypesSection() {
  const { register, control, formState } = useFormContext<SettingsFormValues>();
  const errors = formState.errors.classificationGate;
  return (
    <SettingsSection
      id="settings-document-types"
      title="Document types"
      description="Check each document's type before extraction. Skipped documents stay visible with the status skipped."
    >
      <Checkbox label="Check document types" {...register("classificationGate.enabled")} />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 font-medium">Rule</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="allow" {...register("classificationGate.mode")} />
          Process only these types
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="deny" {...register("classificationGate.mode")} />
          Skip these types, process all others
        </label>
      </fieldset>
      <FormField label="Document types" htmlFor="settings-gate-labels" error={errors?.labels?.message ?? errors?.labels?.root?.message} description="Press Enter after each, e.g. Invoice, Credit note, Receipt.">
        <Controller
          control={control}
          name="classificationGate.labels"
          render={({ field, fieldState }) => (
            <TagInput inputLabel="Add a document type" value={field.value ?? []} onChange={field.onChange} invalid={Boolean(fieldState.error)} placeholder="Invoice" />
          )}
        />
      </FormField>
      <FormField label="Instructions" htmlFor="settings-gate-instructions" error={errors?.instructions?.message}>
        <Textarea rows={2} placeholder="e.g. Pro-forma invoices count as quotes, not invoices." {...register("classificationGate.instructions")} />
      </FormField>
    </SettingsSection>
  );
}
