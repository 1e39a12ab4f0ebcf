import type { ReviewChecks } from "@/lib/contracts/review-checks";
import { fieldsOfRule } from "@/lib/contracts/review-checks-run";
import type { ReviewStage } from "@/lib/contracts/reviews";

/**
 * What depends on each top-level field, by name: the approval checks and the review stages' conditions that read
 * it, and document splitting by its value. Shown before a rename (they follow it) or a delete (checks go with it,
 * stage conditions stop matching).
 */
export type FieldUses = Record<string, string[]>;

function add(uses: FieldUses, field: string, use: string) {
  const key = field.toLowerCase();
  (uses[key] ??= []).push(use);
}

export function fieldUses(input: { stages: Pick<ReviewStage, "name" | "rules">[]; checks: Pick<ReviewChecks, "validationRules">; partitionKey?: string | null }): FieldUses {
  const uses: FieldUses = {};
  for (const stage of input.stages) {
    for (const rule of stage.rules) add(uses, rule.field, `the condition of review stage “${stage.name}” (${rule.name})`);
  }
  for (const rule of input.checks.validationRules) {
    for (const field of fieldsOfRule(rule)) add(uses, field, `an approval check (${rule.kind === "sum_equals" ? `${rule.terms.join(" + ")} = ${rule.target}` : `${rule.kind.replace("_", " ")} on ${rule.field}`})`);
  }
  if (input.partitionKey) add(uses, input.partitionKey.split(".")[0]!, "document splitting (the partition key)");
  return uses;
}

export function usesOf(uses: FieldUses, name: string): string[] {
  return uses[name.toLowerCase()] ?? [];
}
