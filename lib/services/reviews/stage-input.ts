import "server-only";
import { randomBytes } from "node:crypto";
import type { SimpleRuleRequest } from "@/lib/contracts/reviews";
import { VALUELESS_OPERATORS } from "@/lib/contracts/reviews";
import type { DbOrTx } from "@/lib/db/client";
import type { ReviewStageRule } from "@/lib/db/schema";
import { validationError, type ValidationIssue } from "@/lib/services/errors";
import type { FieldRow } from "../fields/tree";
import { canReview, findMember } from "./internal";
import { ruleName, ruleValueProblem } from "./rules";

/**
 * Checks of a stage's reviewer and rules that need the database (the contract has checked shapes already).
 * Problems are 400s naming the offending key, as the contract's own would be.
 */
export async function assertReviewer(tx: DbOrTx, { teamId, reviewerId }: { teamId: string; reviewerId: string | null | undefined }): Promise<void> {
  if (!reviewerId) return;
  const member = await findMember(tx, { teamId, userId: reviewerId });
  if (!member) {
    throw validationError(`reviewerId: ${reviewerId} is not a member of this team`, [{ path: "reviewerId", message: "Not a member of this team" }]);
  }
  if (!canReview(member.role)) {
    const message = `${member.name} (${member.email}) is a ${member.role} and cannot review; make them a reviewer or an admin first`;
    throw validationError(`reviewerId: ${message}`, [{ path: "reviewerId", message }]);
  }
}

const newRuleId = () => `rule_${randomBytes(6).toString("hex")}`;

/**
 * Stored rules from requested ones: the field must be a top-level, non-table field of the parser (its exact
 * name is kept, whatever the caller's case); ids are kept or generated; names generated when absent; the value
 * of `is_empty` / `is_not_empty` is cleared, since they ignore it.
 */
export function normaliseRules(requested: readonly SimpleRuleRequest[], fieldRows: readonly FieldRow[]): ReviewStageRule[] {
  const topLevel = fieldRows.filter((row) => row.parentId === null);
  const issues: ValidationIssue[] = [];
  const seenIds = new Set<string>();
  const rules = requested.map((input, index) => {
    const path = `rules.${index}`;
    const wanted = input.field.trim();
    const field = topLevel.find((row) => row.name.toLowerCase() === wanted.toLowerCase());
    if (!field) issues.push({ path: `${path}.field`, message: `"${wanted}" is not a field of this parser` });
    else if (field.type === "table") issues.push({ path: `${path}.field`, message: `"${field.name}" is a table field; rules compare top-level values` });
    const operator = input.operator ?? "equals";
    const value = VALUELESS_OPERATORS.includes(operator) ? "" : (input.value ?? "");
    const problem = ruleValueProblem({ operator, value });
    if (problem) issues.push({ path: `${path}.value`, message: problem });
    const id = input.id?.trim() || newRuleId();
    if (seenIds.has(id)) issues.push({ path: `${path}.id`, message: `Rule id "${id}" is used twice` });
    seenIds.add(id);
    const name = field?.name ?? wanted;
    return { id, type: "simple" as const, field: name, condition: "extracted_value", operator, value, name: input.name?.trim() || ruleName({ field: name, operator, value }), editable: input.editable ?? true };
  });
  if (issues.length > 0) throw validationError(`Invalid rules: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`, issues);
  return rules;
}

/** A conditional stage without rules would never apply: refused rather than stored as a stage nobody reaches. */
export function assertRulesFitType(reviewType: "mandatory" | "conditional", rules: readonly ReviewStageRule[]): void {
  if (reviewType === "conditional" && rules.length === 0) {
    throw validationError("A conditional stage needs at least one rule", [{ path: "rules", message: "A conditional stage needs at least one rule" }]);
  }
}
