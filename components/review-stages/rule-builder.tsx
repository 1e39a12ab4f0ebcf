"use client";

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Button, Input, Select } from "@/components/ui";
import { RULE_OPERATOR_LABELS, RULE_OPERATORS, VALUELESS_OPERATORS } from "@/lib/contracts/reviews";
import { EMPTY_RULE, type StageFormInput, type StageFormValues } from "./stage-form";

const OPERATOR_OPTIONS = RULE_OPERATORS.map((operator) => ({ value: operator, label: RULE_OPERATOR_LABELS[operator] }));

/**
 * Simple rules over the parser's top-level, non-table fields: field, operator, value. A rule naming a field
 * that no longer exists keeps its name in the list, marked, so opening the dialog never silently changes it.
 */
export function RuleBuilder({
  control,
  register,
  errors,
  fieldNames,
}: {
  control: Control<StageFormInput, unknown, StageFormValues>;
  register: UseFormRegister<StageFormInput>;
  errors: FieldErrors<StageFormInput>["rules"];
  fieldNames: string[];
}) {
  // keyName "key": the rules carry their own `id`, which the API keeps.
  const rules = useFieldArray({ control, name: "rules", keyName: "key" });
  const values = useWatch({ control, name: "rules" });
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-line p-3" aria-describedby="stage-rules-help">
      <legend className="px-1 font-medium">Rules</legend>
      <p id="stage-rules-help" className="text-xs text-muted">
        Every rule must match the document&apos;s extracted data for the stage to apply; a document that fails any rule skips this stage.
      </p>
      {fieldNames.length === 0 ? <p className="text-sm text-warning">This parser has no fields a rule can check yet (table fields cannot be used). Add fields first.</p> : null}
      {rules.fields.length > 0 ? (
        <ol aria-label="Rules" className="flex flex-col gap-2">
          {rules.fields.map((rule, index) => {
            const current = values[index] ?? rule;
            const rowErrors = errors?.[index];
            const valueless = VALUELESS_OPERATORS.includes(current.operator ?? "equals");
            const unknownField = current.field && !fieldNames.includes(current.field) ? current.field : null;
            const message = rowErrors?.field?.message ?? rowErrors?.operator?.message ?? rowErrors?.value?.message;
            const errorId = message ? `stage-rule-${index}-error` : undefined;
            return (
              <li key={rule.key} className="flex flex-col gap-1">
                <div className="grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
                  <span className="text-xs font-medium text-muted">{index > 0 ? "and" : "If"}</span>
                  <Select aria-label={`Rule ${index + 1} field`} invalid={Boolean(rowErrors?.field)} aria-describedby={rowErrors?.field ? errorId : undefined} placeholder="Choose a field" {...register(`rules.${index}.field`)}>
                    {fieldNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                    {unknownField ? <option value={unknownField}>{unknownField} (no longer a field)</option> : null}
                  </Select>
                  <Select aria-label={`Rule ${index + 1} operator`} invalid={Boolean(rowErrors?.operator)} aria-describedby={rowErrors?.operator ? errorId : undefined} {...register(`rules.${index}.operator`)}>
                    {OPERATOR_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                  {valueless ? (
                    <span className="text-xs text-muted">No value needed</span>
                  ) : (
                    <Input aria-label={`Rule ${index + 1} value`} invalid={Boolean(rowErrors?.value)} aria-describedby={rowErrors?.value ? errorId : undefined} placeholder="Value" {...register(`rules.${index}.value`)} />
                  )}
                  <Button size="sm" variant="ghost" aria-label={`Remove rule ${index + 1}`} onClick={() => rules.remove(index)}>
                    Remove
                  </Button>
                </div>
                {message ? <p id={errorId} className="pl-10 text-xs font-medium text-danger">{message}</p> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <p aria-live="polite" className="text-xs font-medium text-danger empty:hidden">
        {listError}
      </p>
      <Button size="sm" variant="secondary" className="self-start" disabled={fieldNames.length === 0} onClick={() => rules.append({ ...EMPTY_RULE, field: fieldNames[0] ?? "" })}>
        Add rule
      </Button>
    </fieldset>
  );
}
