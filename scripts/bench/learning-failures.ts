/**
 * Why a taught sender's later document still misses a field: the offline learning harness sorts every miss into one
 * cause, so the memory reader is fixed where most misses are, not where the last example looked wrong.
 */
import type { FieldDefinition, FieldValue, Scalar } from "../../lib/extraction/types";
import { MATCH_THRESHOLD, type MemoryMatch } from "../../lib/extraction/memory";
import { locateValue } from "../../lib/extraction/memory/locate";
import { findAnchor, readField } from "../../lib/extraction/memory/read-field";
import type { DocumentLayout } from "../../lib/extraction/memory/types";
import { parseDecimal } from "./score";

export type FailureCause =
  | "no sender match"
  | "matched another sender"
  | "not in taught document's truth"
  | "taught value not found on taught page"
  | "no label taught"
  | "anchor not re-found"
  | "no value at taught offset"
  | "engine value kept (shared, tail or engine-held rule)"
  | "memory read a wrong value"
  | "memory gave the taught text, the truth differs"
  | "value not printed as truth says (OCR misread)";

/**
 * One missed field of a later document: `group` is its sender, `matches` the examples its fingerprint found, best
 * first. The value printed nowhere on the new page (as the truth spells it) is an OCR misread whatever memory did.
 */
export function failureCause(options: {
  group: string;
  field: FieldDefinition;
  gtValue: string;
  layout: DocumentLayout;
  matches: MemoryMatch[];
  applied: boolean;
  /** The value memory (or the engine) gave. */
  value: FieldValue;
}): FailureCause {
  const { field, layout, matches } = options;
  const best = matches[0];
  const printed = locateValue(layout, field.type, typed(field, options.gtValue), null).length > 0;
  if (!best || best.similarity < MATCH_THRESHOLD) return printed ? "no sender match" : "value not printed as truth says (OCR misread)";
  if (best.example.id !== options.group) return "matched another sender";
  const evidence = best.example.evidence.fields[field.name];
  if (!evidence || evidence.value === null) return "not in taught document's truth";
  if (!printed) return "value not printed as truth says (OCR misread)";
  if (options.applied) return same(options.value, evidence.value) ? "memory gave the taught text, the truth differs" : "memory read a wrong value";
  if (!evidence.box) return "taught value not found on taught page";
  const reading = readField(layout, evidence);
  if (reading) return "engine value kept (shared, tail or engine-held rule)";
  if (!evidence.anchor) return "no label taught";
  if (!findAnchor(layout, evidence.anchor)) return "anchor not re-found";
  return "no value at taught offset";
}

const same = (a: FieldValue, b: Scalar) => String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();

function typed(field: FieldDefinition, value: string): Scalar {
  return field.type === "number" || field.type === "currency" ? parseDecimal(value) : value;
}

/** Counts of causes, largest first, as report lines. */
export function describeCauses(counts: Map<string, number>): string[] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([cause, count]) => `  ${String(count).padStart(4)}  ${cause}`);
}
