import type { ClassifierSettings } from "@/lib/contracts/parser-settings";
import type { Classification } from "@/lib/extraction";

export type RoutingDecision =
  | { action: "route"; category: string | null; targetParserId: string; reasoning: string }
  | { action: "skip"; category: string | null; reasoning: string };

/**
 * Where a classified document goes: the first rule whose label it was classified as, else the fallback. Labels
 * compare case-insensitively; a verdict without a label (no evidence for any) always takes the fallback.
 */
export function decideRoute(verdict: Classification, routing: ClassifierSettings["routing"]): RoutingDecision {
  const rule = verdict.label ? routing.rules.find((candidate) => candidate.label.toLowerCase() === verdict.label!.toLowerCase()) : undefined;
  const evidence = verdict.label ? `Classified as ${verdict.label} (score ${verdict.score.toFixed(2)}): ${verdict.reason}` : `No rule label matched: ${verdict.reason}`;
  if (rule) return { action: "route", category: rule.label, targetParserId: rule.targetParserId, reasoning: evidence };
  if (routing.fallback.action === "route" && routing.fallback.targetParserId) {
    return { action: "route", category: verdict.label, targetParserId: routing.fallback.targetParserId, reasoning: `${evidence}; sent to the fallback parser` };
  }
  return { action: "skip", category: verdict.label, reasoning: `${evidence}; skipped by the fallback` };
}
