"use client";

import { useFormContext } from "react-hook-form";
import { Checkbox, FormField, Select } from "@/components/ui";
import type { SettingsFormValues } from "./form-values";
import { SettingsSection } from "./settings-section";

export function ExtractionSection() {
  const { register, formState } = useFormContext<SettingsFormValues>();
  const errors = formState.errors;
  return (
    <SettingsSection id="settings-extraction" title="Extraction" description="Speed against thoroughness, tables, and what comes with each value.">
      <FormField label="Extraction mode" htmlFor="settings-mode" error={errors.dataExtractionMode?.message} description="Fast favours speed; accurate spends more time on every page for the hardest documents.">
        <Select {...register("dataExtractionMode")}>
          <option value="fast">Fast</option>
          <option value="balanced">Balanced</option>
          <option value="accurate">Accurate</option>
        </Select>
      </FormField>
      <FormField label="Advanced table extraction" htmlFor="settings-tables" error={errors.advancedTableExtraction?.message} description="Auto turns it on for pages that look like tables.">
        <Select {...register("advancedTableExtraction")}>
          <option value="disabled">Disabled</option>
          <option value="auto">Auto</option>
          <option value="enabled">Enabled</option>
        </Select>
      </FormField>
      <Checkbox label="Confidence scores" description="A confidence between 0 and 1 with every extracted value." {...register("confidenceScores.enabled")} />
      <Checkbox label="Markdown" description="A markdown rendering of each document. Costs one additional credit per processed page." {...register("markdownParsing.enabled")} />
    </SettingsSection>
  );
}
