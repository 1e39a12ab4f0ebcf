"use client";

import { useWatch, type Control, type UseFormRegister } from "react-hook-form";
import { FormField, Textarea } from "@/components/ui";
import { STAGE_INSTRUCTIONS_MAX } from "@/lib/contracts/reviews";
import { cn } from "@/lib/utils/cn";
import type { StageFormInput, StageFormValues } from "./stage-form";

const COUNTER_ID = "stage-instructions-count";

/**
 * The reviewer's instructions with a running "N / 500" count that turns red past the limit, so nobody learns
 * about the limit only from a refused save. The count is read with the field (aria-describedby), not announced
 * on every keystroke.
 */
export function InstructionsField({ control, register, error }: { control: Control<StageFormInput, unknown, StageFormValues>; register: UseFormRegister<StageFormInput>; error?: string }) {
  const length = (useWatch({ control, name: "reviewerInstructions" }) ?? "").length;
  const over = length > STAGE_INSTRUCTIONS_MAX;
  return (
    <div className="relative">
      <FormField label="Reviewer instructions" htmlFor="stage-instructions" error={error} description="Shown to the reviewer beside the document at this stage: what to check and how.">
        <Textarea rows={4} aria-describedby={COUNTER_ID} placeholder="e.g. Check the VAT number against the supplier list." {...register("reviewerInstructions")} />
      </FormField>
      <p id={COUNTER_ID} className={cn("absolute top-0 right-0 text-xs tabular-nums text-muted", over && "font-semibold text-danger")}>
        {length} / {STAGE_INSTRUCTIONS_MAX}
        <span className="sr-only"> characters{over ? ", over the limit" : ""}</span>
      </p>
    </div>
  );
}
