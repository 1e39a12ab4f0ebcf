import "server-only";
import { eq } from "drizzle-orm";
import { ValidationRuleSchema, type ReviewChecks, type UpdateReviewChecks } from "@/lib/contracts/review-checks";
import { parsers } from "@/lib/db/schema";
import { validationError } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree, findFieldByPath } from "../fields/tree";
import { getParserInTeam, type ParserRow } from "../parsers/internal";

const toChecks = (parser: ParserRow): ReviewChecks => ({ validationRules: parser.validationRules, rejectReasons: parser.rejectReasons });

/** The parser's approval checks and reject reasons. */
export async function getReviewChecks(ctx: ServiceContext, parserId: string): Promise<ReviewChecks> {
  assertPermission(ctx, "reviews.read");
  return toChecks(await getParserInTeam(ctx.db, { access: ctx, parserId }));
}

/**
 * Replaces the lists given. Every path a rule names must be a field of the parser (a column path: a column of a
 * table field), else 400 with the rule's position; ids are kept or generated, so the console can edit in place.
 */
export async function updateReviewChecks(ctx: ServiceContext, { parserId, input }: { parserId: string; input: UpdateReviewChecks }): Promise<ReviewChecks> {
  assertPermission(ctx, "parsers.write");
  const updated = await ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const changes: Partial<Pick<ParserRow, "validationRules" | "rejectReasons">> = {};
    if (input.validationRules) {
      const tree = buildFieldTree(await loadFieldRows(tx, parser.id));
      const rules = input.validationRules.map((rule) => ValidationRuleSchema.parse({ ...rule, id: rule.id ?? crypto.randomUUID() }));
      const issues = rules.flatMap((rule, index) => {
        const paths = rule.kind === "sum_equals" ? [...rule.terms, rule.target] : [rule.field];
        return paths.filter((path) => !findFieldByPath(tree, path)).map((path) => ({ path: `validationRules.${index}`, message: `“${path}” is not a field of this parser` }));
      });
      if (issues.length > 0) throw validationError("A check names a field this parser does not have", issues);
      changes.validationRules = rules;
    }
    if (input.rejectReasons) changes.rejectReasons = [...new Set(input.rejectReasons)];
    if (Object.keys(changes).length === 0) return parser;
    const [row] = await tx.update(parsers).set(changes).where(eq(parsers.id, parser.id)).returning();
    await recordAudit(tx, { ctx, action: "parser.review_checks.update", resourceType: "parser", resourceId: parser.id, before: toChecks(parser), after: toChecks(row!) });
    return row!;
  });
  return toChecks(updated);
}
