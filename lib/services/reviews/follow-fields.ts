import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { fieldsOfRule, renameFieldInRule } from "@/lib/contracts/review-checks-run";
import type { Tx } from "@/lib/db/client";
import { parsers, reviewStages } from "@/lib/db/schema";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Rules follow a field's rename: the parser's approval checks and its review stages' conditions name the field by
 * name, so they are rewritten in the same transaction (a stage would otherwise stop matching silently, and a
 * check would fail every document). Answers how many rules changed.
 */
export async function followFieldRename(tx: Tx, { parserId, from, to }: { parserId: string; from: string; to: string }): Promise<number> {
  if (from === to) return 0;
  let changed = 0;
  const [parser] = await tx.select({ rules: parsers.validationRules }).from(parsers).where(eq(parsers.id, parserId));
  const uses = (parser?.rules ?? []).filter((rule) => fieldsOfRule(rule).some((name) => same(name, from)));
  if (parser && uses.length > 0) {
    const renamed = parser.rules.map((rule) => {
      const exact = fieldsOfRule(rule).find((name) => same(name, from));
      return exact ? renameFieldInRule(rule, exact, to) : rule;
    });
    await tx.update(parsers).set({ validationRules: renamed }).where(eq(parsers.id, parserId));
    changed += uses.length;
  }
  const stages = await tx.select({ id: reviewStages.id, rules: reviewStages.rules }).from(reviewStages).where(and(eq(reviewStages.parserId, parserId), isNull(reviewStages.deletedAt)));
  for (const stage of stages) {
    const hits = stage.rules.filter((rule) => same(rule.field, from)).length;
    if (hits === 0) continue;
    await tx
      .update(reviewStages)
      .set({ rules: stage.rules.map((rule) => (same(rule.field, from) ? { ...rule, field: to, name: rule.name.replace(rule.field, to) } : rule)) })
      .where(eq(reviewStages.id, stage.id));
    changed += hits;
  }
  return changed;
}

/** A deleted field's approval checks go with it (a check of a field that no longer exists would block every approval). */
export async function dropChecksOfField(tx: Tx, { parserId, name }: { parserId: string; name: string }): Promise<number> {
  const [parser] = await tx.select({ rules: parsers.validationRules }).from(parsers).where(eq(parsers.id, parserId));
  if (!parser) return 0;
  const kept = parser.rules.filter((rule) => !fieldsOfRule(rule).some((field) => same(field, name)));
  if (kept.length === parser.rules.length) return 0;
  await tx.update(parsers).set({ validationRules: kept }).where(eq(parsers.id, parserId));
  return parser.rules.length - kept.length;
}
