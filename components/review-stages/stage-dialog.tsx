"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { showActionError } from "@/components/forms/use-result-dialog";
import { useUnsavedChangesGuard } from "@/components/forms/use-unsaved-changes-guard";
import { Dialog, DialogContent, FormField, Input, Select } from "@/components/ui";
import type { ReviewStage } from "@/lib/contracts/reviews";
import { InstructionsField } from "./instructions-field";
import { RuleBuilder } from "./rule-builder";
import { StraightThroughField } from "./straight-through-field";
import { EMPTY_RULE, STAGE_FORM_FIELDS, StageFormSchema, toStageForm, toStageRequest, type StageFormInput, type StageFormValues } from "./stage-form";

type Person = NonNullable<ReviewStage["reviewer"]>;
export type StageDialogResult = { ok: true } | { ok: false; message: string; issues?: { path: string; message: string }[] };

/** Adds a stage or edits one: name, reviewer, instructions, and mandatory or conditional with its rules. */
export function StageDialog({
  onClose,
  stage,
  defaultName,
  reviewers,
  fieldNames,
  onSave,
}: {
  onClose: () => void;
  /** Absent: a new stage. */
  stage?: ReviewStage;
  defaultName: string;
  reviewers: Person[];
  fieldNames: string[];
  onSave: (request: ReturnType<typeof toStageRequest>) => Promise<StageDialogResult>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StageFormInput, unknown, StageFormValues>({ resolver: zodResolver(StageFormSchema), defaultValues: toStageForm(stage, { defaultName }) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const reviewType = useWatch({ control: form.control, name: "reviewType" });
  useUnsavedChangesGuard(isDirty);
  // Rules put aside while the stage is mandatory (hidden rules would still be validated), and brought back, or a
  // first rule offered, when it turns conditional again.
  const [setAsideRules, setSetAsideRules] = useState<StageFormInput["rules"]>([]);
  const reviewTypeField = form.register("reviewType", {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === "mandatory") {
        setSetAsideRules(form.getValues("rules"));
        form.setValue("rules", []);
      } else if (form.getValues("rules").length === 0) {
        form.setValue("rules", setAsideRules.length > 0 ? setAsideRules : [{ ...EMPTY_RULE, field: fieldNames[0] ?? "" }]);
      }
    },
  });
  // A reviewer who has left the team still shows as the stage's reviewer until someone picks another.
  const reviewerOptions = stage?.reviewer && !reviewers.some((person) => person.id === stage.reviewer?.id) ? [...reviewers, stage.reviewer] : reviewers;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await onSave(toStageRequest(values, stage));
    if (result.ok) onClose();
    else showActionError({ setError: form.setError, fields: STAGE_FORM_FIELDS, error: result, setFormError });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <FormDialogPanel
          title={stage ? `Edit “${stage.name}”` : "Add review stage"}
          description="Documents reaching this stage are assigned to its reviewer, who approves or rejects them before they move on."
          submitLabel={stage ? "Save stage" : "Add stage"}
          submitting={isSubmitting}
          formError={formError}
          onSubmit={onSubmit}
          onCancel={onClose}
        >
            <div className="grid grid-cols-2 gap-4">
              <FormField label="Name" htmlFor="stage-name" error={errors.name?.message} required>
                <Input autoFocus required placeholder="e.g. Finance check" {...form.register("name")} />
              </FormField>
              <FormField label="Reviewer" htmlFor="stage-reviewer" error={errors.reviewerId?.message}>
                <Select {...form.register("reviewerId", { setValueAs: (value: string | null) => value || null })}>
                  <option value="">Unassigned</option>
                  {reviewerOptions.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name || person.email}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <InstructionsField control={form.control} register={form.register} error={errors.reviewerInstructions?.message} />
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1 font-medium">Which documents</legend>
              <label className="flex items-start gap-2">
                <input type="radio" value="mandatory" className="mt-1 accent-accent" {...reviewTypeField} />
                <span>
                  Mandatory <span className="text-muted">— every document goes through this stage</span>
                </span>
              </label>
              <label className="flex items-start gap-2">
                <input type="radio" value="conditional" className="mt-1 accent-accent" {...reviewTypeField} />
                <span>
                  Conditional <span className="text-muted">— only documents whose extracted data matches the rules</span>
                </span>
              </label>
            </fieldset>
            {reviewType === "conditional" ? <RuleBuilder control={form.control} register={form.register} errors={errors.rules} fieldNames={fieldNames} /> : null}
            <StraightThroughField control={form.control} register={form.register} errors={errors.straightThrough} />
        </FormDialogPanel>
      </DialogContent>
    </Dialog>
  );
}
