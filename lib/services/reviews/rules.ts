import { RULE_OPERATOR_LABELS, VALUELESS_OPERATORS, type ReviewType, type RuleOperator } from "@/lib/contracts/reviews";

/**
 * Conditional review stages: when a stage applies to a document's extracted data. Pure, so the pipeline, the
 * decisions (which re-evaluate on corrected data) and the tests share one definition.
 *
 * Semantics, per operator, with the field's value read from the top level of `data` (a missing field, null, an
 * empty or blank string and an empty array or object all count as empty):
 * - equals / not_equals: numerically when both sides read as numbers (`1234.5` equals `"1,234.50"`), otherwise
 *   case-insensitive text after trimming. An empty field equals `""` only.
 * - contains: case-insensitive substring of the value's text; an empty field contains nothing but `""`.
 * - is_empty / is_not_empty: ignore `value`.
 * - greater_than / less_than: numbers when both sides are numbers, else ISO dates (`2024-03-15`, or a date-time)
 *   when both sides are; anything else (an empty field too) does not match.
 */
export type RuleLike = { field: string; operator: string; value: string };
export type StageLike = { reviewType: ReviewType; rules: readonly RuleLike[] };

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
const GROUPED_NUMBER = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

function asText(value: unknown): string {
  if (isEmptyValue(value)) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value).trim();
}

export function asNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  const plain = GROUPED_NUMBER.test(text) ? text.replace(/,/g, "") : text;
  if (!NUMBER.test(plain)) return null;
  const number = Number(plain);
  return Number.isFinite(number) ? number : null;
}

export function asDate(value: unknown): number | null {
  if (typeof value !== "string" || !ISO_DATE.test(value.trim())) return null;
  const time = Date.parse(value.trim());
  return Number.isFinite(time) ? time : null;
}

function compare(left: unknown, right: string): number | null {
  const [a, b] = [asNumber(left), asNumber(right)];
  if (a !== null && b !== null) return a - b;
  const [x, y] = [asDate(left), asDate(right)];
  if (x !== null && y !== null) return x - y;
  return null;
}

function equals(left: unknown, right: string): boolean {
  const [a, b] = [asNumber(left), asNumber(right)];
  if (a !== null && b !== null) return a === b;
  return asText(left).toLowerCase() === right.trim().toLowerCase();
}

export function ruleMatches(rule: RuleLike, data: Readonly<Record<string, unknown>>): boolean {
  const value = Object.hasOwn(data, rule.field) ? data[rule.field] : undefined;
  switch (rule.operator as RuleOperator) {
    case "equals":
      return equals(value, rule.value);
    case "not_equals":
      return !equals(value, rule.value);
    case "contains":
      return asText(value).toLowerCase().includes(rule.value.trim().toLowerCase());
    case "is_empty":
      return isEmptyValue(value);
    case "is_not_empty":
      return !isEmptyValue(value);
    case "greater_than": {
      const order = compare(value, rule.value);
      return order !== null && order > 0;
    }
    case "less_than": {
      const order = compare(value, rule.value);
      return order !== null && order < 0;
    }
    default:
      // An operator this version does not know never matches, so a stage is never applied by accident.
      return false;
  }
}

/** Mandatory stages always apply; a conditional one when it has rules and every one of them matches. */
export function stageApplies(stage: StageLike, data: Readonly<Record<string, unknown>>): boolean {
  if (stage.reviewType === "mandatory") return true;
  return stage.rules.length > 0 && stage.rules.every((rule) => ruleMatches(rule, data));
}

/** `total greater than 100`, `vendor is empty`: the label a rule gets when the caller gives none. */
export function ruleName(rule: { field: string; operator: RuleOperator; value: string }): string {
  const words = `${rule.field} ${rule.operator.replace(/_/g, " ")}`;
  return VALUELESS_OPERATORS.includes(rule.operator) ? words : `${words} ${rule.value}`.trim();
}

/** Why a rule's value cannot work with its operator, or null when it can. */
export function ruleValueProblem(rule: { operator: RuleOperator; value: string }): string | null {
  if (rule.operator !== "greater_than" && rule.operator !== "less_than") return null;
  if (asNumber(rule.value) !== null || asDate(rule.value) !== null) return null;
  return `“${RULE_OPERATOR_LABELS[rule.operator]}” compares numbers or dates (such as 100 or 2024-03-15); "${rule.value}" is neither`;
}
