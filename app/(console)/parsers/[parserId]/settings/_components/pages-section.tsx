"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Checkbox, FormField, Input, Select, Textarea } from "@/components/ui";
import { PAGE_SELECTION_HELP, parsePageSelection } from "@/lib/contracts/page-selection";
import { optionalNumber, type SettingsFormValues } from "./form-values";
import { SettingsSection } from "./settings-section";

/** Which pages are read, and how one upload is split into several documents. */
export function PagesSection({ fieldPaths }: { fieldPaths: string[] }) {
  const { register, control, formState } = useFormContext<SettingsFormValues>();
  const errors = formState.errors;
  const [parsePages, split] = useWatch({ control, name: ["parsePages", "splitDocuments"] });
  const pagesCheck = parsePages ? parsePageSelection(parsePages) : null;

  return (
    <SettingsSection id="settings-pages" title="Pages and splitting" description="Read only some pages, and split a multi-document PDF into one document per part.">
      <FormField
        label="Pages to process"
        htmlFor="settings-parse-pages"
        error={errors.parsePages?.message ?? (pagesCheck && !pagesCheck.ok ? pagesCheck.error : undefined)}
        description={PAGE_SELECTION_HELP}
      >
        <Input placeholder="Every page" {...register("parsePages")} />
      </FormField>

      <Checkbox label="Split documents" description="Applies to PDFs from every source: upload, e-mail, API and URL import." {...register("splitDocuments.enabled")} />
      <div className="flex flex-col gap-4 border-l-2 border-line pl-4">
        <FormField label="Split mode" htmlFor="settings-split-mode" error={errors.splitDocuments?.mode?.message}>
          <Select {...register("splitDocuments.mode")}>
            <option value="everyXPages">Every N pages</option>
            <option value="pageRanges">By page ranges</option>
            <option value="partitionKey">Where a field&apos;s value changes</option>
          </Select>
        </FormField>
        {split?.mode === "everyXPages" ? (
          <FormField label="Pages per document" htmlFor="settings-split-every" error={errors.splitDocuments?.everyXPages?.message}>
            <Input type="number" min={1} max={10000} {...register("splitDocuments.everyXPages", { setValueAs: optionalNumber })} />
          </FormField>
        ) : null}
        {split?.mode === "pageRanges" ? (
          <FormField label="Page ranges" htmlFor="settings-split-ranges" error={errors.splitDocuments?.pageRanges?.message} description="One part per entry, such as 1-3,4-6,7.">
            <Input {...register("splitDocuments.pageRanges")} />
          </FormField>
        ) : null}
        {split?.mode === "partitionKey" ? (
          <FormField label="Field" htmlFor="settings-split-key" error={errors.splitDocuments?.partitionKey?.message} description="A new document starts on the page where this field's value changes.">
            <Select placeholder="Choose a field" {...register("splitDocuments.partitionKey")}>
              {fieldPaths.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <FormField label="Split instructions" htmlFor="settings-split-instructions" error={errors.splitDocuments?.instructions?.message}>
          <Textarea rows={2} placeholder="e.g. Each invoice starts with a page that has an invoice number." {...register("splitDocuments.instructions")} />
        </FormField>
      </div>
    </SettingsSection>
  );
}
