import { tokenise } from "../fields/text-tokens";
import { pageLines } from "../layout/build-page";
import type { PageModel } from "../types";
import { BUILT_IN_CUES, BUILT_IN_SYNONYMS, NARROW_PAGE_TYPES } from "./vocabulary";

export type ClassLabel = { name: string; synonyms?: string[]; instructions?: string };

export type Classification = { label: string | null; score: number; reason: string };

const STOP = new Set(["the", "and", "for", "with", "this", "that", "from", "are", "der", "die", "das", "und", "les", "des", "une", "documents", "document", "which", "have", "has"]);

/** The built-in type a label names (its name, plural, or one of its synonyms), if any. */
function builtInType(label: ClassLabel): string | null {
  const name = label.name.replace(/[_\-]+/g, " ").trim().toLowerCase();
  for (const key of Object.keys(BUILT_IN_SYNONYMS)) {
    if (name === key || name === `${key}s` || (label.synonyms ?? []).some((s) => s.toLowerCase() === key)) return key;
  }
  return null;
}

function termsFor(label: ClassLabel, type: string | null): string[] {
  const name = label.name.replace(/[_\-]+/g, " ").trim().toLowerCase();
  const terms = new Set<string>([name, ...(label.synonyms ?? []).map((s) => s.toLowerCase())]);
  if (type) BUILT_IN_SYNONYMS[type]!.forEach((w) => terms.add(w));
  // Quoted phrases and long words of the instructions are evidence too ("contains 'Lieferschein'").
  for (const m of (label.instructions ?? "").matchAll(/["'“„]([^"'”“]{3,40})["'”]/g)) if (m[1]) terms.add(m[1].toLowerCase());
  return [...terms].filter((t) => t.length >= 2);
}

/**
 * Where a term occurs: whole-word matches, and for a single long word also compounds that start or end with it
 * (German and Dutch write "Warenrechnung", "Rechnungsnummer", "Kassenbon-Nr." as one word), which count less.
 */
function occurrences(tokens: string[], phrase: string[]): { at: number; compound: boolean }[] {
  const found: { at: number; compound: boolean }[] = [];
  const word = phrase.length === 1 ? phrase[0]! : null;
  for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    if (phrase.every((t, k) => tokens[i + k] === t || (k === phrase.length - 1 && tokens[i + k] === `${t}s`))) found.push({ at: i, compound: false });
    else if (word && word.length >= 6 && tokens[i]!.length >= word.length + 3 && (tokens[i]!.startsWith(word) || tokens[i]!.endsWith(word))) found.push({ at: i, compound: true });
  }
  return found;
}

/** "K O S T E N R E C H N U N G": titles set in spaced capitals read as the word they spell. */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<!\S)(?:\p{L} ){2,}\p{L}(?!\S)/gu, (match) => match.replace(/ /g, ""));
}

type Evidence = { total: number; found: string[] };

/** Each token position counts once per label, for its longest term: "tax invoice" does not count "invoice" again. */
function phraseEvidence(terms: string[], tokens: string[], titleTokens: string[]): Evidence {
  const phrases = terms.map((term) => ({ term, phrase: tokenise(term) })).filter((entry) => entry.phrase.length > 0);
  phrases.sort((a, b) => b.phrase.length - a.phrase.length || b.term.length - a.term.length);
  const used = new Set<number>();
  const usedInTitle = new Set<number>();
  const result: Evidence = { total: 0, found: [] };
  for (const { term, phrase } of phrases) {
    const take = (list: string[], taken: Set<number>) =>
      occurrences(list, phrase).filter((hit) => {
        const span = Array.from({ length: phrase.length }, (_, k) => hit.at + k);
        if (span.some((position) => taken.has(position))) return false;
        span.forEach((position) => taken.add(position));
        return true;
      });
    const anywhere = take(tokens, used);
    const inTitle = take(titleTokens, usedInTitle);
    if (anywhere.length === 0) continue;
    const weight = (phrase.length > 1 ? 1.5 : 1) * (anywhere.every((hit) => hit.compound) ? 0.8 : 1);
    result.total += weight * (Math.min(anywhere.length, 5) + 2 * Math.min(inTitle.length, 2));
    result.found.push(`"${term}" ×${anywhere.length}${inTitle.length > 0 ? " (title)" : ""}`);
  }
  return result;
}

/**
 * Scores each label by how often its name, synonyms and quoted instruction phrases occur, with occurrences in the
 * title area (top fifth of the first page) counting three times. Labels that name a built-in type (invoice,
 * receipt, …) also gain from that type's cues: what such documents carry besides their name (an invoice asks for
 * payment: due date, bank details; a receipt records one: cash, change, cashier), each cue once; and a receipt
 * from a narrow page (a till roll). Score = 1 − e^(−evidence / 3).
 */
export function classifyDocument(model: PageModel, labels: ClassLabel[]): Classification {
  const first = model.pages[0];
  const lineTokens = (text: string) => tokenise(joinSpacedLetters(text));
  const titleTokens = first
    ? pageLines(first)
        .filter((l) => l.box.y < 0.2)
        .flatMap((l) => lineTokens(l.text))
    : [];
  const allTokens = model.pages.flatMap((p) => pageLines(p).flatMap((l) => lineTokens(l.text)));
  const narrow = first !== undefined && first.height > 0 && first.width / first.height < 0.62;
  const instructionWords = (label: ClassLabel) => tokenise(label.instructions ?? "").filter((w) => w.length >= 5 && !STOP.has(w));
  let best: Classification = { label: null, score: 0, reason: "no label matched the document" };
  let bestEvidence = 0;
  for (const label of labels) {
    const type = builtInType(label);
    const names = phraseEvidence(termsFor(label, type), allTokens, titleTokens);
    let evidence = names.total;
    const found = [...names.found];
    for (const word of instructionWords(label)) {
      const n = occurrences(allTokens, [word]).filter((hit) => !hit.compound).length;
      if (n > 0) {
        evidence += 0.3 * Math.min(n, 3);
        found.push(`"${word}" ×${n}`);
      }
    }
    if (type) {
      const cues = BUILT_IN_CUES[type] ?? [];
      const seen = cues.filter((cue) => occurrences(allTokens, tokenise(cue)).some((hit) => !hit.compound));
      evidence += 0.6 * seen.length;
      if (seen.length > 0) found.push(`cues ${seen.slice(0, 4).map((cue) => `"${cue}"`).join(", ")}${seen.length > 4 ? ` and ${seen.length - 4} more` : ""}`);
      if (narrow && NARROW_PAGE_TYPES.has(type)) {
        evidence += 1.5;
        found.push("a narrow page (till roll)");
      }
    }
    if (evidence > bestEvidence) {
      bestEvidence = evidence;
      best = { label: label.name, score: Math.round((1 - Math.exp(-evidence / 3)) * 100) / 100, reason: `matched ${found.slice(0, 5).join(", ")}` };
    }
  }
  return best;
}
