import { findAmounts, parseAmount } from "../../normalise/amounts";
import { parseDate } from "../../normalise/dates";
import type { Box, FieldType, Scalar } from "../types";
import { continuesBelow, linesOf, printedText, textOf, unionBox, type LayoutLine } from "./layout";
import { normalise, similarity } from "./text";
import type { DocumentLayout, LayoutWord } from "./types";

export type Span = { page: number; words: LayoutWord[]; box: Box; raw: string; lines: number; score: number };

const MAX_SPAN_WORDS = 14;
/** Names and addresses read by OCR are rarely letter-perfect; figures must be exact. */
export const TEXT_MATCH = 0.8;

const NUMERIC: ReadonlySet<FieldType> = new Set(["number", "currency"]);

/** Whether a printed text reads as the value for a field of this type (how well, 0–1; 0 = no). */
export function readsAs(type: FieldType, text: string, value: Scalar, minScore = TEXT_MATCH): number {
  if (value === null || value === "") return 0;
  if (NUMERIC.has(type)) {
    if (/:\s*$/.test(text)) return 0; // "Artikelrabatt 2:" is a label, not the figure 2
    const wanted = typeof value === "number" ? value : parseAmount(String(value));
    if (wanted === null) return 0;
    // "5,0000" is 5 in a document that writes decimal commas: try both separators, as the page does not say here.
    const readings = [parseAmount(text), findAmounts(text, ",").at(-1)?.value ?? null, findAmounts(text, ".").at(-1)?.value ?? null];
    return readings.some((amount) => amount !== null && Math.abs(Math.abs(amount) - Math.abs(wanted)) < 0.005) ? 1 : 0;
  }
  if (type === "date") return parseDate(text) === value || parseDate(text, "mdy") === value ? 1 : 0;
  const a = normalise(text);
  const b = normalise(String(value));
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (a.replace(/ /g, "") === b.replace(/ /g, "")) return 0.99;
  const score = similarity(a, b);
  return score >= minScore ? score : 0;
}

/**
 * Where a value is printed: the word spans (one phrase, or consecutive lines one under the other for a multi-line value)
 * that read as it, best first; among equals, the one nearest `near` (the engine's source box) first.
 */
export function locateValue(layout: DocumentLayout, type: FieldType, value: Scalar, near: (Box & { page: number }) | null = null, minScore = TEXT_MATCH): Span[] {
  if (value === null || value === "" || typeof value === "boolean") return [];
  const spans: Span[] = [];
  const wantedLength = normalise(String(value)).length;
  for (const page of layout.pages) {
    const lines = linesOf(page);
    lines.forEach((line, index) => {
      for (let start = 0; start < line.words.length; start += 1) {
        for (let end = start + 1; end <= Math.min(line.words.length, start + MAX_SPAN_WORDS); end += 1) {
          const words = line.words.slice(start, end);
          const raw = textOf(words);
          if (normalise(raw).length > wantedLength * 1.5 + 4) break;
          const score = readsAs(type, raw, value, minScore);
          if (score > 0) spans.push({ page: page.n, words, box: unionBox(words), raw, lines: 1, score });
        }
      }
      if (!NUMERIC.has(type) && type !== "date") spans.push(...multiLineSpans(lines, index, type, value, wantedLength, minScore));
    });
  }
  const distance = (span: Span) => (near && near.page === span.page ? Math.hypot(span.box.x - near.x, span.box.y - near.y) : near ? 10 : 0);
  // A shorter span that reads as well is the tighter box (no label swallowed).
  return spans.sort((a, b) => b.score - a.score || distance(a) - distance(b) || a.words.length - b.words.length);
}

/** Values printed over consecutive lines, one under the other (an address): whole lines joined. */
function multiLineSpans(lines: LayoutLine[], index: number, type: FieldType, value: Scalar, wantedLength: number, minScore: number): Span[] {
  const out: Span[] = [];
  const first = lines[index]!;
  const words = [...first.words];
  for (let next = index + 1; next < lines.length && next < index + 6; next += 1) {
    const line = lines[next]!;
    if (!continuesBelow(lines[next - 1]!, line)) break;
    words.push(...line.words);
    const raw = textOf(words);
    if (normalise(raw).length > wantedLength * 1.5 + 4) break;
    const score = readsAs(type, raw, value, minScore);
    if (score > 0) out.push({ page: first.page, words: [...words], box: unionBox(words), raw: printedText(words), lines: next - index + 1, score });
  }
  return out;
}
