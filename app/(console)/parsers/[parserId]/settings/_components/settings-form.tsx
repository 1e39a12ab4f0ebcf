"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { useUnsavedChangesGuard } from "@/components/forms/use-unsaved-changes-guard";
import { Button, useToast } from "@/components/ui";
import { UpdateParserSchema, type Parser } from "@/lib/contracts/parsers";
import { ChangePreviewDialog } from "@/components/learning/change-preview-dialog";
import type { PreviewChange } from "@/lib/contracts/parser-preview";
import { updateParserAction } from "../actions";
import { DocumentTypesSection } from "./document-types-section";
import { EmailSection } from "./email-section";
import { ExtractionSection } from "./extraction-section";
import { SETTINGS_FIELDS, SettingsFormSchema, toFormValues, type SettingsFormValues } from "./form-values";
import { GeneralSection } from "./general-section";
import { PagesSection } from "./pages-section";

/** Every parser setting, validated with the same contract the API uses; server errors land on their field. */
export function SettingsForm({ parser, fieldPaths }: { parser: Parser; fieldPaths: string[] }) {
  const { toast } = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(SettingsFormSchema), defaultValues: toFormValues(parser) });
  const { isDirty, isSubmitting } = form.formState;
  const [preview, setPreview] = useState<PreviewChange["settings"] | null>(null);
  useUnsavedChangesGuard(isDirty);

  // Only the settings that change what extraction reads are previewed; the values as they stand in the form.
  const onPreview = form.handleSubmit((values) =>
    setPreview({ dataExtractionMode: values.dataExtractionMode, advancedTableExtraction: values.advancedTableExtraction, parsePages: values.parsePages, emailParsing: values.emailParsing }),
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const split = values.splitDocuments;
    const body = UpdateParserSchema.parse({
      ...values,
      splitDocuments: { ...split, partitionKeySource: split.mode === "partitionKey" ? "parserField" : split.partitionKeySource },
    });
    const result = await updateParserAction(parser.id, body);
    if (result.ok) {
      form.reset(toFormValues(result.data));
      toast({ title: "Settings saved", tone: "success" });
    } else if (!applyServerErrors(form.setError, SETTINGS_FIELDS, result.error.issues)) {
      setFormError(result.error.message);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Parser settings">
        <GeneralSection />
        <ExtractionSection />
        <PagesSection fieldPaths={fieldPaths} />
        <DocumentTypesSection />
        <EmailSection address={parser.emailAddress} />
        <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-line bg-canvas/95 py-3 backdrop-blur">
          <p aria-live="polite" className="mr-auto text-sm">
            {formError ? <span className="font-medium text-danger">{formError}</span> : isDirty ? <span className="text-muted">Unsaved changes</span> : null}
          </p>
          <Button variant="ghost" disabled={isSubmitting} onClick={() => void onPreview()}>
            Preview on approved documents
          </Button>
          <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
            Discard
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save settings
          </Button>
        </div>
      </form>
      {preview ? <ChangePreviewDialog parserId={parser.id} change={{ settings: preview }} onClose={() => setPreview(null)} /> : null}
    </FormProvider>
  );
}
