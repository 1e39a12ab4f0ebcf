/**
 * Which fields reviewers really changed on a document: its values as extracted (each field's `before` in its first
 * correction) against its values as approved. A value retyped to the same text, edited and then put back, or
 * re-saved with its rows' keys in another order is no correction; text differing only in surrounding or repeated
 * spaces is the same text. Pure, for the accuracy figures.
 */
export type DataCorrection = { before: Record<string, unknown> | null; after: Record<string, unknown> | null; createdAt: Date };

export function netChangedFields(corrections: readonly DataCorrection[], finalData: Record<string, unknown>): Set<string> {
  const extracted = new Map<string, unknown>();
  for (const correction of [...corrections].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    for (const name of Object.keys(correction.after ?? {})) {
      if (!extracted.has(name)) extracted.set(name, correction.before?.[name] ?? null);
    }
  }
  const changed = new Set<string>();
  for (const [name, before] of extracted) {
    if (canonical(before) !== canonical(finalData[name] ?? null)) changed.add(name);
  }
  return changed;
}

/** A value as comparable text: trimmed, single-spaced strings; objects with sorted keys and no empty entries. */
function canonical(value: unknown): string {
  return JSON.stringify(normalise(value));
}

function normalise(value: unknown): unknown {
  if (typeof value === "string") {
    const text = value.trim().replace(/\s+/g, " ");
    return text === "" ? null : text;
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(normalise);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, normalise(inner)] as const)
      .filter(([, inner]) => inner !== null && inner !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries);
  }
  return value ?? null;
}
