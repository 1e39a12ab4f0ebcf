import { coerceDocumentData } from "./field-coercion";
import { checkDocumentData, type FieldShape } from "./field-values";
import type { CheckProblem, ValidationRule } from "./review-checks";

/**
 * The checks run before an approval, pure so the console shows the same list the API answers with: required
 * fields (top level and table columns) that are empty, values that do not fit their field's type, and the
 * parser's rules. Messages are plain sentences about the document, never the rule's internals.
 */
export type CheckableField = Omit<FieldShape, "columns"> & { required?: boolean; columns?: CheckableField[] };

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);

function asNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

const label = (path: string) => path.replace(".", " › ");
const formatNumber = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** Every value at a path: one for a top-level field, one per row for a table column. */
function valuesAt(data: Record<string, unknown>, path: string): { path: string; value: unknown }[] {
  const [field, column] = path.split(".") as [string, string | undefined];
  const value = data[field];
  if (column === undefined) return [{ path: field, value }];
  const rows = Array.isArray(value) ? value : [];
  return rows.map((row: unknown, index) => ({ path: `${field}.${index}.${column}`, value: typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column] : undefined }));
}

/** A path's number: the value, or a column's sum; null when any part is not a number (or nothing is there). */
function numberAt(data: Record<string, unknown>, path: string): number | null {
  const values = valuesAt(data, path);
  if (values.length === 0) return path.includes(".") ? 0 : null;
  let sum = 0;
  for (const { value } of values) {
    const number = asNumber(value);
    if (number === null) return null;
    sum += number;
  }
  return sum;
}

function requiredProblems(fields: CheckableField[], data: Record<string, unknown>): CheckProblem[] {
  return fields.flatMap((field) => {
    const value = data[field.name];
    if (field.required && isEmpty(value)) return [{ path: field.name, message: `${field.name} is required but empty` }];
    if (field.type !== "table" || !Array.isArray(value)) return [];
    return (field.columns ?? [])
      .filter((column) => column.required)
      .flatMap((column) =>
        value.flatMap((row: unknown, index) =>
          isEmpty(typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column.name] : undefined)
            ? [{ path: `${field.name}.${index}.${column.name}`, message: `${field.name} row ${index + 1}: ${column.name} is required but empty` }]
            : [],
        ),
      );
  });
}

function typeProblems(fields: CheckableField[], data: Record<string, unknown>): CheckProblem[] {
  const known = new Set(fields.map((field) => field.name));
  const values = Object.fromEntries(Object.entries(data).filter(([name]) => known.has(name)));
  return checkDocumentData(fields, values).map((problem) => ({ path: problem.path, message: `${label(problem.path)}: ${problem.message.charAt(0).toLowerCase()}${problem.message.slice(1)}` }));
}

function ruleProblems(rule: ValidationRule, data: Record<string, unknown>): CheckProblem[] {
  const say = (path: string, fallback: string): CheckProblem => ({ path, message: rule.message || fallback });
  switch (rule.kind) {
    case "required":
      return valuesAt(data, rule.field).length === 0 || valuesAt(data, rule.field).some(({ value }) => isEmpty(value)) ? [say(rule.field, `${label(rule.field)} must be filled in`)] : [];
    case "regex": {
      const pattern = new RegExp(rule.pattern, "u");
      return valuesAt(data, rule.field)
        .filter(({ value }) => !isEmpty(value) && !pattern.test(String(value)))
        .map(({ path, value }) => say(path, `${label(rule.field)} “${String(value)}” is not in the expected format`));
    }
    case "range":
      return valuesAt(data, rule.field).flatMap(({ path, value }) => {
        if (isEmpty(value)) return [];
        const number = asNumber(value);
        if (number === null) return [say(path, `${label(rule.field)} should be a number`)];
        if (rule.min !== undefined && number < rule.min) return [say(path, `${label(rule.field)} is ${formatNumber(number)}, below the minimum of ${formatNumber(rule.min)}`)];
        if (rule.max !== undefined && number > rule.max) return [say(path, `${label(rule.field)} is ${formatNumber(number)}, above the maximum of ${formatNumber(rule.max)}`)];
        return [];
      });
    case "one_of": {
      const allowed = new Set(rule.values.map((value) => value.toLowerCase()));
      return valuesAt(data, rule.field)
        .filter(({ value }) => !isEmpty(value) && !allowed.has(String(value).toLowerCase()))
        .map(({ path, value }) => say(path, `${label(rule.field)} “${String(value)}” is not one of: ${rule.values.join(", ")}`));
    }
    case "sum_equals": {
      const target = numberAt(data, rule.target);
      const terms = rule.terms.map((term) => numberAt(data, term));
      // An empty or unreadable part is the required/type checks' business; the sum is only judged on numbers.
      if (target === null || terms.some((term) => term === null)) return [];
      const sum = (terms as number[]).reduce((total, term) => total + term, 0);
      if (Math.abs(sum - target) <= (rule.tolerance ?? 0.01) + 1e-9) return [];
      const names = rule.terms.map((term) => (term.includes(".") ? `the ${label(term)} values` : label(term))).join(" + ");
      return [say(rule.target, `${names} = ${formatNumber(sum)}, but ${label(rule.target)} is ${formatNumber(target)} (a difference of ${formatNumber(Math.abs(sum - target))})`)];
    }
  }
}

/** Everything that blocks approving a document with this data; empty when it may be approved. */
export function runApprovalChecks(fields: CheckableField[], rules: readonly ValidationRule[], stored: Record<string, unknown>): CheckProblem[] {
  // Judged in the fields' types: a figure stored as a number in a text field (as documents extracted before
  // figures in text fields became text hold it) is the engine's well-formed value, not a problem.
  const data = coerceDocumentData(fields, stored);
  const problems = [...requiredProblems(fields, data), ...typeProblems(fields, data), ...rules.flatMap((rule) => ruleProblems(rule, data))];
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The field names a rule reads (top-level names; a column path names its table). */
export function fieldsOfRule(rule: ValidationRule): string[] {
  const paths = rule.kind === "sum_equals" ? [...rule.terms, rule.target] : [rule.field];
  return [...new Set(paths.map((path) => path.split(".")[0]!))];
}

/** The rule with a field renamed wherever it appears (rules follow a rename). */
export function renameFieldInRule(rule: ValidationRule, from: string, to: string): ValidationRule {
  const rename = (path: string) => {
    const [field, column] = path.split(".");
    return field === from ? (column === undefined ? to : `${to}.${column}`) : path;
  };
  if (rule.kind === "sum_equals") return { ...rule, terms: rule.terms.map(rename), target: rename(rule.target) };
  return { ...rule, field: rename(rule.field) };
}
