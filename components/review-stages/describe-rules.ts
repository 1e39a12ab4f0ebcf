import { RULE_OPERATOR_LABELS, VALUELESS_OPERATORS, type RuleOperator } from "@/lib/contracts/reviews";

type RuleLike = { field: string; operator: RuleOperator; value: string };

/** One rule in words: `total is greater than 1000`, `vendor contains “ACME”`, `poNumber is empty`. */
export function describeRule(rule: RuleLike): string {
  const subject = `${rule.field} ${RULE_OPERATOR_LABELS[rule.operator]}`;
  if (VALUELESS_OPERATORS.includes(rule.operator)) return subject;
  // Numbers read naturally bare; text is quoted so spaces and empty values stay visible.
  const value = rule.value.trim() !== "" && Number.isFinite(Number(rule.value)) ? rule.value : `“${rule.value}”`;
  return `${subject} ${value}`;
}

/** Every rule must match, so the summary joins them with "and". */
export function describeRules(rules: readonly RuleLike[]): string {
  return rules.map(describeRule).join(" and ");
}
