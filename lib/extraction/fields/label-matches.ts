import { CONCEPTS } from "./concepts";
import type { DocLine } from "./document-lines";
import { tokenise } from "./text-tokens";
import { memoPerOwner } from "./memo";

export type LabelMatch = { line: DocLine; start: number; end: number; label: string; length: number };

type TokenLabel = { concept: string; label: string; tokens: string[] };

type Hit = { concept: string; start: number; end: number; label: string };

/** Built-in labels indexed by their first token, built once: matching is a map lookup per word. */
let builtInIndex: Map<string, TokenLabel[]> | null = null;

function indexLabels(labels: TokenLabel[]): Map<string, TokenLabel[]> {
  const index = new Map<string, TokenLabel[]>();
  for (const l of labels) {
    const first = l.tokens[0]!;
    const list = index.get(first) ?? [];
    list.push(l);
    index.set(first, list);
  }
  return index;
}

function builtIns(): Map<string, TokenLabel[]> {
  builtInIndex ??= indexLabels(
    CONCEPTS.flatMap((c) => c.labels.map((label) => ({ concept: c.key, label, tokens: tokenise(label) }))).filter((l) => l.tokens.length > 0),
  );
  return builtInIndex;
}

function matchesAt(tokens: string[], at: number, label: string[]): boolean {
  for (let i = 0; i < label.length; i += 1) if (tokens[at + i] !== label[i]) return false;
  return true;
}

function lineHits(line: DocLine, indexes: Array<Map<string, TokenLabel[]>>): Hit[] {
  const hits: Hit[] = [];
  for (let at = 0; at < line.tokens.length; at += 1) {
    const token = line.tokens[at]!;
    for (const index of indexes) {
      for (const l of index.get(token) ?? []) {
        if (matchesAt(line.tokens, at, l.tokens)) hits.push({ concept: l.concept, start: at, end: at + l.tokens.length, label: l.label });
      }
    }
  }
  return hits;
}

/** Label hits of every line, computed once per document for the built-in vocabulary. */
const builtInHits = memoPerOwner<DocLine[], Hit[][]>();

function allHits(lines: DocLine[], extra: Array<{ concept: string; label: string }>): Hit[][] {
  if (extra.length === 0) return builtInHits(lines, () => lines.map((line) => lineHits(line, [builtIns()])));
  const extraIndex = indexLabels(extra.map((e) => ({ concept: e.concept, label: e.label, tokens: tokenise(e.label) })).filter((l) => l.tokens.length > 0));
  return lines.map((line) => lineHits(line, [builtIns(), extraIndex]));
}

/** The lines (by position) with a hit of each concept, in document order: a concept's matches visit only those. */
const conceptLines = memoPerOwner<Hit[][], ReadonlyMap<string, readonly number[]>>();

function linesHitting(hitsByLine: Hit[][], concept: string): readonly number[] {
  const byConcept = conceptLines(hitsByLine, () => {
    const found = new Map<string, number[]>();
    hitsByLine.forEach((hits, i) => {
      for (const hit of hits) {
        const positions = found.get(hit.concept);
        if (!positions) found.set(hit.concept, [i]);
        else if (positions[positions.length - 1] !== i) positions.push(i);
      }
    });
    return found;
  });
  return byConcept.get(concept) ?? [];
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
  const out: LabelMatch[] = [];
  const hitsByLine = allHits(lines, extraLabels);
  for (const i of linesHitting(hitsByLine, concept)) {
    const line = lines[i]!;
    const hits = hitsByLine[i] ?? [];
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
