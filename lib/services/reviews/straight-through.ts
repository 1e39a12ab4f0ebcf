import type { CheckableField } from "@/lib/contracts/review-checks-run";
import { runApprovalChecks } from "@/lib/contracts/review-checks-run";
import type { ValidationRule } from "@/lib/contracts/review-checks";
import type { StraightThrough } from "@/lib/contracts/straight-through";

/**
 * Straight-through processing, pure: may a document skip a stage without a person? Only when the stage has it on,
 * every approval check passes (required fields, value types, the parser's rules), and every required value was read
 * with at least the stage's confidence. Required values are the parser's required fields and columns (every cell of
 * a required table or column); a parser that marks nothing required has every value it read judged instead, so a
 * stage never skips on nothing. A value without a confidence counts as unsure.
 */
export type StraightThroughInput = {
  fields: CheckableField[];
  rules: readonly ValidationRule[];
  data: Record<string, unknown>;
  fieldMetadata: Record<string, unknown>;
};

export type StraightThroughVerdict = { skip: true; note: string; lowest: { path: string; confidence: number } } | { skip: false; why: string };

type Judged = { path: string; confidence: number };

export function straightThroughVerdict(setting: StraightThrough, input: StraightThroughInput): StraightThroughVerdict {
  if (!setting.enabled) return { skip: false, why: "Straight-through processing is off for this stage" };
  const problems = runApprovalChecks(input.fields, input.rules, input.data);
  if (problems.length > 0) return { skip: false, why: `A check fails: ${problems[0]!.message}` };
  const anyRequired = input.fields.some((field) => field.required || (field.columns ?? []).some((column) => column.required));
  const judged = input.fields.flatMap((field) => valuesOf({ field, input, anyRequired }));
  if (judged.length === 0) return { skip: false, why: "No value to judge the document by" };
  const lowest = judged.reduce((low, value) => (value.confidence < low.confidence ? value : low));
  if (lowest.confidence < setting.minConfidence) {
    return { skip: false, why: `${lowest.path} was read with confidence ${lowest.confidence.toFixed(2)}, below ${setting.minConfidence.toFixed(2)}` };
  }
  const which = anyRequired ? "every required value" : "every value";
  return {
    skip: true,
    lowest,
    note: `Skipped straight through: ${which} was read with confidence ≥ ${setting.minConfidence.toFixed(2)} (lowest ${lowest.confidence.toFixed(2)}, ${lowest.path}) and every check passed.`,
  };
}

function valuesOf({ field, input, anyRequired }: { field: CheckableField; input: StraightThroughInput; anyRequired: boolean }): Judged[] {
  const metadata = input.fieldMetadata[field.name];
  if (field.type !== "table") {
    const value = input.data[field.name];
    if (anyRequired ? !field.required : isEmpty(value)) return [];
    return [{ path: field.name, confidence: confidenceOf(metadata) }];
  }
  const rows = Array.isArray(input.data[field.name]) ? (input.data[field.name] as Record<string, unknown>[]) : [];
  const rowMetadata = metadata && typeof metadata === "object" && "rows" in metadata && Array.isArray(metadata.rows) ? (metadata.rows as Record<string, unknown>[]) : [];
  const columns = (field.columns ?? []).filter((column) => (anyRequired ? field.required || column.required : true));
  return rows.flatMap((row, index) =>
    columns
      .filter((column) => anyRequired || !isEmpty(row?.[column.name]))
      .map((column) => ({ path: `${field.name}.${index}.${column.name}`, confidence: confidenceOf(rowMetadata[index]?.[column.name]) })),
  );
}

function confidenceOf(metadata: unknown): number {
  if (metadata && typeof metadata === "object" && "confidence" in metadata && typeof metadata.confidence === "number") return metadata.confidence;
  return 0;
}

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");
