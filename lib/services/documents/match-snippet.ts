import type { MatchSnippet } from "@/lib/contracts/list-values";

/** Characters of context kept on each side of the first occurrence. */
const CONTEXT = 40;

type Searchable = { name: string; externalId: string | null; data: Record<string, unknown> };

/**
 * Where a search's words were found in a document, as a short snippet: the name, the external id, then extracted
 * values in field order (table cells as `table.column`). Case-insensitive like the search itself. Null when the
 * match is nowhere we can show (e.g. only in text the search index holds but no value does).
 */
export function matchSnippet(document: Searchable, q: string): MatchSnippet | null {
  const needle = q.trim().toLowerCase();
  if (!needle) return null;
  for (const [where, text] of candidates(document)) {
    const first = text.toLowerCase().indexOf(needle);
    if (first >= 0) return snippetAround({ where, text, needle, first });
  }
  return null;
}

function* candidates(document: Searchable): Generator<[string, string]> {
  yield ["name", document.name];
  if (document.externalId) yield ["externalId", document.externalId];
  for (const [field, value] of Object.entries(document.data)) {
    if (Array.isArray(value)) {
      for (const row of value) {
        if (row && typeof row === "object") {
          for (const [column, cell] of Object.entries(row as Record<string, unknown>)) {
            const text = scalarText(cell);
            if (text) yield [`${field}.${column}`, text];
          }
        }
      }
    } else {
      const text = scalarText(value);
      if (text) yield [field, text];
    }
  }
}

function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function snippetAround({ where, text, needle, first }: { where: string; text: string; needle: string; first: number }): MatchSnippet {
  const start = Math.max(0, first - CONTEXT);
  const end = Math.min(text.length, first + needle.length + CONTEXT);
  const prefix = start > 0 ? "…" : "";
  const window = text.slice(start, end).replace(/\s+/g, " ");
  // Whitespace collapsing can shift offsets: find the occurrences again in the text actually returned.
  const shown = `${prefix}${window}${end < text.length ? "…" : ""}`;
  const lower = shown.toLowerCase();
  const ranges: [number, number][] = [];
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length]);
  return { where, text: shown, ranges };
}
