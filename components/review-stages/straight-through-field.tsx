"use client";

import { useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Checkbox, FormField, Input } from "@/components/ui";
import type { StageFormInput, StageFormValues } from "./stage-form";

/**
 * Straight-through processing of a stage: off unless an admin turns it on, with the lowest confidence (0.50–1.00,
 * as the API and the documents' field confidences write it) every required value must reach.
 */
export function StraightThroughField({
  control,
  register,
  errors,
}: {
  control: Control<StageFormInput, unknown, StageFormValues>;
  register: UseFormRegister<StageFormInput>;
  errors?: FieldErrors<StageFormInput>["straightThrough"];
}) {
  const enabled = useWatch({ control, name: "straightThrough.enabled" });
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <legend className="px-1 font-medium">Straight-through processing</legend>
      <Checkbox
        label="Skip this stage when the document is certain"
        description="Only when every required value was read at or above the confidence below and every approval check passes. The document's review and the audit log say why it skipped."
        {...register("straightThrough.enabled")}
      />
      {enabled ? (
        <FormField label="Lowest confidence" htmlFor="stage-straight-through-confidence" error={errors?.minConfidence?.message} description="Between 0.50 and 1.00. Higher skips fewer documents.">
          <Input type="number" inputMode="decimal" min={0.5} max={1} step={0.01} className="w-32" {...register("straightThrough.minConfidence", { valueAsNumber: true })} />
        </FormField>
      ) : null}
    </fieldset>
  );
}
