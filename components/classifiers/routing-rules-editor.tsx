"use client";

import { useFieldArray, useFormContext, type FieldErrors } from "react-hook-form";
import { Button, FormField, Input, Select } from "@/components/ui";
import type { RuleInput } from "@/lib/contracts/classifiers";

export type ParserOption = { id: string; name: string };
type RulesForm = { routing: { rules: RuleInput[] } };

/**
 * The routing rules of a classifier: a label and the parser that documents of that type go to, in order (the
 * first rule whose label a document matches wins). Works inside any form whose values have `routing.rules`.
 */
export function RoutingRulesEditor({ parsers, idPrefix }: { parsers: ParserOption[]; idPrefix: string }) {
  const { register, control, formState } = useFormContext<RulesForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: "routing.rules", keyName: "key" });
  const errors = formState.errors as FieldErrors<RulesForm>;
  const ruleErrors = errors.routing?.rules;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">Routing rules</legend>
      <ol aria-label="Routing rules" className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <li key={field.key} aria-label={`Rule ${number}`} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 rounded-lg border border-line bg-surface p-2">
              <FormField label={`Label of rule ${number}`} htmlFor={`${idPrefix}-rule-${index}-label`} error={ruleErrors?.[index]?.label?.message}>
                <Input placeholder="e.g. Invoice" {...register(`routing.rules.${index}.label`)} />
              </FormField>
              <FormField label={`Target parser of rule ${number}`} htmlFor={`${idPrefix}-rule-${index}-target`} error={ruleErrors?.[index]?.targetParserId?.message}>
                <Select placeholder="Choose a parser" {...register(`routing.rules.${index}.targetParserId`)}>
                  {parsers.map((parser) => (
                    <option key={parser.id} value={parser.id}>
                      {parser.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <div className="flex gap-1 pt-6">
                <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move rule ${number} up`}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move rule ${number} down`}>
                  ↓
                </Button>
                <Button variant="ghost" size="sm" disabled={fields.length === 1} onClick={() => remove(index)} aria-label={`Delete rule ${number}`}>
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="text-xs font-medium text-danger empty:hidden">
        {ruleErrors?.message ?? ruleErrors?.root?.message}
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={() => append({ label: "", targetParserId: "" })}>
          Add rule
        </Button>
      </div>
    </fieldset>
  );
}
