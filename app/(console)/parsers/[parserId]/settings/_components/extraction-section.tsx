"use client";

import { useFormContext } from "react-hook-form";
import { Checkbox, FormField, Input, Select } from "@/components/ui";
import { DEFAULT_CONFIDENCE_THRESHOLDS } from "@/lib/contracts/parser-settings";
import { optionalNumber, type SettingsFormValues } from "./form-values";
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
      <Checkbox label="Confidence scores" description="A confidence between 0 and 1 with every extracted value: the estimated probability that it is right." {...register("confidenceScores.enabled")} />
      <div className="grid grid-cols-2 gap-4 border-l-2 border-line pl-4">
        <FormField
          label="Sure from"
          htmlFor="settings-confidence-high"
          error={errors.confidenceScores?.highThreshold?.message}
          description={`Values at or above this confidence need no look (default ${DEFAULT_CONFIDENCE_THRESHOLDS.high}).`}
        >
          <Input type="number" min={0} max={1} step={0.01} placeholder={String(DEFAULT_CONFIDENCE_THRESHOLDS.high)} {...register("confidenceScores.highThreshold", { setValueAs: optionalNumber })} />
        </FormField>
        <FormField
          label="Doubtful below"
          htmlFor="settings-confidence-low"
          error={errors.confidenceScores?.lowThreshold?.message}
          description={`Values below this show red; between the two, amber (default ${DEFAULT_CONFIDENCE_THRESHOLDS.low}).`}
        >
          <Input type="number" min={0} max={1} step={0.01} placeholder={String(DEFAULT_CONFIDENCE_THRESHOLDS.low)} {...register("confidenceScores.lowThreshold", { setValueAs: optionalNumber })} />
        </FormField>
      </div>
      <Checkbox label="Markdown" description="A markdown rendering of each document. Costs one additional credit per processed page." {...register("markdownParsing.enabled")} />
    </SettingsSection>
  );
}
