import { z } from "zod";

/**
 * What lists show besides a document's own columns: the values of chosen extracted fields, and for a search hit
 * the text that matched. Both are plain text with offsets, never markup: the console marks the match with
 * elements of its own, so nothing a document contains can become HTML.
 */
export const ListValueSchema = z
  .object({
    field: z.string().describe("The field's name"),
    value: z.string().nullable().describe("The value as text (a number as written, a table as its row count); null when empty or absent"),
  })
  .meta({ id: "ListValue" });
export type ListValue = z.infer<typeof ListValueSchema>;

export const MatchSnippetSchema = z
  .object({
    where: z.string().describe("`name`, `externalId`, or the field (`field`, or `table.column` for a table cell) whose value matched"),
    text: z.string().describe("A stretch of the matched text around the match (… marks a cut)"),
    ranges: z.array(z.tuple([z.int(), z.int()])).describe("[start, end) offsets in `text` of each occurrence of the search words"),
  })
  .meta({ id: "MatchSnippet" });
export type MatchSnippet = z.infer<typeof MatchSnippetSchema>;

/** A value as one short line of text; null for nothing worth showing. */
export function formatListValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? null : value.length === 1 ? "1 row" : `${value.length} rows`;
  return JSON.stringify(value);
}

/** `text` cut into plain and marked parts by `ranges` (sorted, not overlapping), for rendering without markup. */
export function splitByRanges(text: string, ranges: readonly (readonly [number, number])[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
