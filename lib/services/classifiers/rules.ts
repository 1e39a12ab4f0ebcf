import "server-only";
import { randomUUID } from "node:crypto";
import type { RoutingFallback } from "@/lib/contracts/classifiers";
import type { ClassifierSettings, RoutingRule } from "@/lib/contracts/parser-settings";

type ParsedRouting = { rules: { id?: string; label: string; targetParserId: string }[]; fallback: RoutingFallback; instructions?: string };

/**
 * The stored routing group for a request's: every rule gets an id, kept when the request sends back the id of an
 * existing rule (so clients can refer to a rule across edits), new otherwise. A `skip` fallback drops any target.
 */
export function buildRouting(input: ParsedRouting, existing: readonly RoutingRule[] = []): ClassifierSettings["routing"] {
  const known = new Set(existing.map((rule) => rule.id));
  const used = new Set<string>();
  const rules = input.rules.map((rule) => {
    const id = rule.id && known.has(rule.id) && !used.has(rule.id) ? rule.id : randomUUID();
    used.add(id);
    return { id, label: rule.label, targetParserId: rule.targetParserId };
  });
  const fallback = input.fallback.action === "route" ? { action: "route" as const, targetParserId: input.fallback.targetParserId } : { action: "skip" as const };
  return { rules, fallback, instructions: input.instructions ?? "" };
}

