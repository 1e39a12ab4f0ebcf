"use client";

import { useFormContext } from "react-hook-form";
import { Checkbox, FormField, Input, Textarea } from "@/components/ui";
import { FILE_TYPE_OPTIONS } from "../../../_components/file-type-options";
import type { SettingsFormValues } from "./form-values";
import { SettingsSection } from "./settings-section";

export function GeneralSection() {
  const { register, formState } = useFormContext<SettingsFormValues>();
  const errors = formState.errors;
  return (
    <SettingsSection id="settings-general" title="General" description="How the parser is named, and which files it accepts (checked by content, not by file name).">
      <FormField label="Name" htmlFor="settings-name" error={errors.name?.message} required>
        <Input {...register("name")} />
      </FormField>
      <FormField label="Description" htmlFor="settings-description" error={errors.description?.message}>
        <Textarea rows={2} {...register("description")} />
      </FormField>
      <fieldset>
        <legend className="mb-1.5 font-medium">Accepted file types</legend>
        <div className="grid grid-cols-2 gap-1.5">
          {FILE_TYPE_OPTIONS.map((option) => (
            <Checkbox key={option.mimeType} value={option.mimeType} label={option.label} {...register("acceptedFileTypes")} />
          ))}
        </div>
        <p aria-live="polite" className="mt-1 text-xs font-medium text-danger empty:hidden">
          {errors.acceptedFileTypes?.message}
        </p>
      </fieldset>
    </SettingsSection>
  );
}
