import { CONCEPTS } from "./concepts";
import type { DocLine } from "./document-lines";
import { tokenise } from "./text-tokens";

export type LabelMatch = { line: DocLine; start: number; end: number; label: string; length: number };

type TokenLabel = { concept: string; label: string; tokens: string[] };

/** Every built-in label plus the field-specific ones, tokenised once. */
function tokenLabels(extra: Array<{ concept: string; label: string }>): TokenLabel[] {
  const all: TokenLabel[] = [];
  for (const c of CONCEPTS) for (const label of c.labels) all.push({ concept: c.key, label, tokens: tokenise(label) });
  for (const e of extra) all.push({ concept: e.concept, label: e.label, tokens: tokenise(e.label) });
  return all.filter((l) => l.tokens.length > 0);
}

function matchesAt(tokens: string[], at: number, label: string[]): boolean {
  for (let i = 0; i < label.length; i += 1) if (tokens[at + i] !== label[i]) return false;
  return true;
}

/**
 * Finds where a concept's labels occur. A hit that lies inside a longer hit of another concept is dropped,
 * so "Due date" does not count as a "date" label and "Sub Total" not as a "total" label.
 */
export function findLabelMatches(
  lines: DocLine[],
  concept: string,
  extraLabels: Array<{ concept: string; label: string }> = [],
  firstWins: ReadonlySet<string> = new Set(),
): LabelMatch[] {
  const labels = tokenLabels(extraLabels);
  const out: LabelMatch[] = [];
  for (const line of lines) {
    const hits: Array<{ concept: string; start: number; end: number; label: string }> = [];
    for (let at = 0; at < line.tokens.length; at += 1) {
      for (const l of labels) {
        if (matchesAt(line.tokens, at, l.tokens)) hits.push({ concept: l.concept, start: at, end: at + l.tokens.length, label: l.label });
      }
    }
    const own = hits.filter((h) => h.concept === concept);
    for (const hit of own) {
      const covered = hits.some(
        (o) => o.concept !== concept && o.start <= hit.start && o.end >= hit.end && o.end - o.start > hit.end - hit.start,
      );
      const longerOwn = own.some((o) => o !== hit && o.start <= hit.start && o.end >= hit.end && o.end - o.start > hit.end - hit.start);
      // Among related labels (amounts) the first one in a line names the line: "Netto (excl. USt.)" is a net total.
      const preceded = firstWins.has(concept) && hits.some((o) => o.concept !== concept && firstWins.has(o.concept) && o.end <= hit.start);
      if (!covered && !longerOwn && !preceded) out.push({ line, start: hit.start, end: hit.end, label: hit.label, length: hit.end - hit.start });
    }
  }
  return out;
}
