/**
 * Sentence-level extraction for narrative documents (contracts, letters, policies), driven only by the field's
 * definition: the sentences carrying the most of the field's cue words (weighted by how rare each word is in this
 * document, so "agreement" in an agreement counts for little and "governed" for much), then the typed value in
 * that sentence nearest its cue words. A field whose best sentences hold no well-formed value of its kind is null.
 */
import type { DateOrder } from "../../../normalise/dates";
import type { SourceBox } from "../../types";
import { stem, type FieldIntent, type IntentKind } from "../generic/field-intent";
import { isCountryOf } from "./gazetteer";
import { spanSource, type Sentence } from "./sentences";
import { findDurations, findNames, findOrganisations, findPlaceValues, findProseDates, ordinaryWords, type Found, type OrdinaryWords } from "./typed-values";

export type NarrativeValue = {
  value: string;
  source: SourceBox | null;
  raw: string;
  /** How strongly the sentence matched the field's cues, 0–1 (its share of the cue weight the field could get). */
  match: number;
  /** Other cue-matching sentences that give the same value (a term stated in its clause and again in a recital). */
  agreement?: number;
  /** Another well-formed value stood near the cue, in this sentence or in a weaker-matching one: the cue did not
   * single the value out as firmly (a confidentiality period beside the agreement's term). */
  rival?: boolean;
};

type CueHit = { start: number; weight: number };
type ScoredSentence = { sentence: Sentence; score: number; hits: CueHit[]; found: Found[]; stems: Set<string> };

/** A sentence must carry at least this share of the field's cue weight to be read at all. */
const MIN_MATCH = 0.3;
/** Sentences read, best first, before the field abstains. */
const SENTENCES_TRIED = 3;
/** Run-on "sentences" longer than this (tables of contents, whole sections without stops) say little about a cue. */
const MAX_SENTENCE_WORDS = 160;
/** The limit for sentences of the document's opening (first tenth), which carry its header lines with them. */
const MAX_OPENING_WORDS = 320;

/** Documents state their subject first (parties, dates of the opening paragraph): the first tenth of the
 * sentences gets up to this much more weight, fading linearly. */
const OPENING_BONUS = 0.25;

/** A single value must stand within this many words after one of its cue words (or a third of it before): a
 * value further away belongs to another clause of the same long sentence. */
const CUE_WINDOW_WORDS = 12;

export type NarrativeIndex = { sentences: Sentence[]; stems: Array<Set<string>>; idf: Map<string, number>; ordinary: OrdinaryWords };

export function indexSentences(sentences: Sentence[]): NarrativeIndex {
  const stems = sentences.map((s) => new Set(s.tokens.map(stem)));
  const df = new Map<string, number>();
  for (const set of stems) for (const s of set) df.set(s, (df.get(s) ?? 0) + 1);
  const n = sentences.length;
  const idf = new Map([...df].map(([s, count]) => [s, Math.log((n + 1) / (count + 0.5))] as const));
  return { sentences, stems, idf, ordinary: ordinaryWords(sentences.map((s) => s.text).join(" ")) };
}

function cueWeight(intent: FieldIntent, index: NarrativeIndex, present: Set<string> | null): number {
  let total = 0;
  for (const cue of intent.cues) {
    const weights = cue.alternatives.filter((a) => !present || present.has(a)).map((a) => Math.max(0, index.idf.get(a) ?? 0));
    total += Math.max(0, ...weights);
  }
  return total;
}

/** Sentences holding a value of the field's kind, best cue match first. */
function scoreSentences(intent: FieldIntent, index: NarrativeIndex, order: DateOrder): ScoredSentence[] {
  const possible = cueWeight(intent, index, null);
  if (possible <= 0) return [];
  const out: ScoredSentence[] = [];
  index.sentences.forEach((sentence, i) => {
    const opening = Math.max(0, 1 - i / Math.max(1, index.sentences.length * 0.1));
    // The opening sentence often runs on from the title and header lines above it (no stop between them): it is read
    // up to a longer limit, since it is where a contract names its parties and its date.
    if (sentence.words.length > (opening > 0 ? MAX_OPENING_WORDS : MAX_SENTENCE_WORDS)) return;
    const score = (cueWeight(intent, index, index.stems[i]!) / possible) * (1 + OPENING_BONUS * opening);
    if (score < MIN_MATCH) return;
    const found = valuesOfKind(intent.kind, sentence.text, order, index.ordinary);
    if (found.length === 0) return;
    const hits: CueHit[] = [];
    for (const m of sentence.text.matchAll(/[A-Za-z]+/g)) {
      const s = stem(m[0]);
      if (!intent.cues.some((c) => c.alternatives.includes(s))) continue;
      hits.push({ start: m.index, weight: index.idf.get(s) ?? 0 });
    }
    out.push({ sentence, score, hits, found, stems: index.stems[i]! });
  });
  return out.sort((a, b) => b.score - a.score);
}

function valuesOfKind(kind: IntentKind, text: string, order: DateOrder, ordinary: OrdinaryWords): Found[] {
  switch (kind) {
    case "date":
      return findProseDates(text, order);
    case "duration":
      return findDurations(text);
    case "place":
      return findPlaceValues(text);
    case "name":
      return findNames(text, ordinary);
    default:
      return [];
  }
}

/** Closeness of a value to the sentence's cue words; a value after its cue (how prose introduces it) is preferred. */
function closeness(found: Found, hits: CueHit[]): number {
  let best = 0;
  for (const hit of hits) {
    const after = found.index >= hit.start;
    const words = Math.abs(found.index - hit.start) / 6;
    best = Math.max(best, hit.weight / (1 + (after ? words : 2 * words) / 8));
  }
  return best;
}

function nearCue(found: Found, hits: CueHit[], text: string): boolean {
  return hits.some((hit) => {
    const [from, to] = hit.start <= found.index ? [hit.start, found.index] : [found.index + found.length, hit.start];
    const words = text.slice(from, to).split(/\s+/).length - 1;
    return hit.start <= found.index ? words <= CUE_WINDOW_WORDS : words <= CUE_WINDOW_WORDS / 3;
  });
}

/**
 * A value that points away from the field's subject is about something else: a duration counted "from"/"after"
 * another event ("one year after termination of employment") when the field asks how long "the agreement" lasts,
 * and a hyphenated duration that qualifies a noun other than the field's cue words ("a seven-day revocation period").
 * Self-reference ("hereof", "hereunder", "the date first written above") and the subject itself keep it.
 */
function aboutSubject(found: Found, text: string, intent: FieldIntent): boolean {
  if (intent.kind === "date" && intent.subjects.length > 0) return !ofAnotherDocument(found, text);
  if (intent.kind !== "duration" || intent.subjects.length === 0) return true;
  const raw = text.slice(found.index, found.index + found.length);
  const rest = text.slice(found.index + found.length);
  // A notice period ("thirty (30) days' prior written notice"), a span before some event ("ninety (90) days prior to
  // the anniversary") or after another one ("and for a period of one (1) year thereafter") is not how long it lasts.
  if (NOT_LASTING_AFTER.test(rest)) return false;
  // A field asking how long its subject lasts: that is said with a verb or noun of lasting before the duration ("shall expire two (2)
  // years", "the term … shall be three years", "remain in effect for a period of …") or "term" right after it
  // ("the eighteen (18) month term"); a covenant's span ("you agree that, for a period of one year, you will not …")
  // has none.
  const clause = text.slice(0, found.index).split(/[;:]|\.\s/).pop() ?? "";
  const before = clause.split(/\s+/).slice(-LASTING_WORDS_BEFORE).join(" ");
  if (asksHowLong(intent) && !LASTING.test(before) && !/^\s*(?:term|period of (?:this|the) agreement)\b/i.test(rest)) return false;
  const after = rest.split(/\s+/).filter(Boolean);
  const cueStems = new Set(intent.cues.flatMap((c) => c.alternatives));
  if (/-/.test(raw) && after[0] && !cueStems.has(stem(after[0]))) return false;
  const anchorAt = after.slice(0, 3).findIndex((w) => /^(?:from|after|following)$/i.test(w));
  if (anchorAt < 0) return true;
  const anchor = after.slice(anchorAt + 1, anchorAt + 9);
  // Counted from the document's own start: "hereof", "the date first written above", "its effective date", "the
  // Effective Date", "the date of execution".
  return anchor.some((w) => /^(?:here(?:of|to|under|in|by)|above|effective|first|execution|signing)\b/i.test(w) || intent.subjects.includes(stem(w)));
}

/**
 * A date that dates another document: "the Offer Letter Agreement dated August 6, 2008", "that certain Agreement and
 * Plan of Merger dated as of May 1, 2013 (the “Merger Agreement”)". The document's own date is "this Agreement,
 * dated as of …" or carries no other document's defined name after it.
 */
function ofAnotherDocument(found: Found, text: string): boolean {
  const before = text.slice(0, found.index);
  const after = text.slice(found.index + found.length);
  // "… dated as of September 23, 2009 (this “Agreement”)": the document names itself.
  if (/^\s*,?\s*\(\s*this\s+["“]/i.test(after)) return false;
  const dated = /\bdated(?:\s+(?:as\s+of|on|effective))?(?:\s+the)?\s*,?\s*$/i.exec(before);
  if (dated) {
    const phrase = before.slice(0, dated.index).split(/\s+/).slice(-DATED_PHRASE_WORDS).join(" ");
    // A title in capitals ("NON-COMPETITION AGREEMENT DATED 11/16/2009", "MUTUAL NON-DISCLOSURE AGREEMENT dated as
    // of …") is the document's own.
    const lastWords = phrase.split(/\s+/).slice(-3).join(" ");
    const title = dated[0].trim() === dated[0].trim().toUpperCase() || (/[A-Z]{3}/.test(lastWords) && lastWords === lastWords.toUpperCase());
    if (!title && !/\b(?:this|these|hereof|herein|hereto)\b/i.test(phrase) && /\b[A-Za-z]*(?:agreement|plan|letter|contract|amendment|note|policy)\b/i.test(phrase)) return true;
  }
  const defined = /^\s*,?\s*\(\s*(?:the\s+)?["“]\s*([^"”]{1,60}?)\s*["”]/i.exec(after);
  return defined !== null && /\S\s+(?:agreement|plan|letter|contract)$/i.test(defined[1]!);
}
/** How far before "dated" the document it dates is named ("the Amended and Restated Preferred Shares Rights Agreement,"). */
const DATED_PHRASE_WORDS = 10;

const NOT_LASTING_AFTER = /^[\s'’]*(?:(?:prior|advance|written|of|business|calendar)\s+){0,3}notice\b|^\s*(?:immediately\s+)?(?:thereafter|prior\s+to|before|preceding)\b/i;
const LASTING = /\b(?:term|expir(?:e|es|ed|ation)|terminat(?:e|es|ed)|continu(?:e|es|ed)|remain(?:s|ed)?|surviv(?:e|es|ed)|in\s+(?:full\s+)?(?:force|effect)|last(?:s|ed)?|duration)\b/i;
/** The field asks how long its subject lasts ("How long the agreement lasts"), not another span of it. */
const asksHowLong = (intent: FieldIntent) => intent.cues.some((cue) => cue.alternatives.includes(stem("last")));
/** How far before a duration its verb of lasting may stand ("shall remain in full force and effect for a period of"). */
const LASTING_WORDS_BEFORE = 20;

function toValue(found: Found, scored: ScoredSentence): NarrativeValue {
  return {
    value: found.value,
    source: spanSource(scored.sentence, found.index, found.length),
    raw: scored.sentence.text.slice(found.index, found.index + found.length),
    match: Math.round(Math.min(1, scored.score) * 100) / 100,
  };
}

/** Two sentences this close in cue match that give different values leave the field ambiguous. */
const AMBIGUOUS_MARGIN = 0.1;

export function extractNarrativeScalar(intent: FieldIntent, index: NarrativeIndex, order: DateOrder): NarrativeValue | null {
  const readings: NarrativeValue[] = [];
  let crowded = false;
  for (const scored of scoreSentences(intent, index, order)) {
    if (!intent.subjects.every((subject) => scored.stems.has(subject))) continue;
    const found = scored.found.filter((f) => nearCue(f, scored.hits, scored.sentence.text) && aboutSubject(f, scored.sentence.text, intent));
    if (found.length === 0) continue;
    const best = [...found].sort((a, b) => closeness(b, scored.hits) - closeness(a, scored.hits))[0]!;
    // The first reading's own sentence offered other values of the kind near the cue: closeness chose among them.
    if (readings.length === 0) crowded = found.some((f) => f.value !== best.value);
    readings.push(toValue(best, scored));
  }
  // A state's law is the narrower answer where another clause names its country ("export controls under the laws of
  // the United States" beside "governed by the laws of the State of California").
  const narrowest = intent.kind === "place" ? readings.filter((r) => !readings.some((other) => isCountryOf(r.value, other.value))) : readings;
  const [first] = narrowest;
  if (!first) return null;
  // Precision before recall: another value read from a sentence matching the cues almost as well means the cue
  // does not single one out.
  const ambiguous = narrowest.some((r) => r.value !== first.value && first.match - r.match < AMBIGUOUS_MARGIN);
  if (ambiguous) return null;
  // Evidence for the calibration (confidence/): how many other sentences say the same, whether any says otherwise.
  const agreement = narrowest.slice(1).filter((r) => r.value === first.value).length;
  const rival = crowded || narrowest.some((r) => r.value !== first.value);
  return { ...first, agreement, rival };
}

/** Table fields collect every occurrence in the best sentence that has any (all the parties it names). */
export function extractNarrativeList(intent: FieldIntent, index: NarrativeIndex, order: DateOrder): NarrativeValue[] {
  for (const scored of scoreSentences(intent, index, order).slice(0, SENTENCES_TRIED)) {
    const found = distinct(scored.found);
    // More values than a list field's sentence plausibly introduces (a fund's affiliates, a list of holders): the
    // sentence is no introduction of them, and the field stays empty.
    return found.length > MAX_LISTED ? [] : found.map((f) => toValue(f, scored));
  }
  return intent.kind === "name" && asksForSignatories(intent) ? signatories(index) : [];
}

function distinct(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = f.value.toUpperCase().replace(/[^A-Z0-9]/g, "");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The field asks for who signs ("the parties that sign the agreement"). */
const asksForSignatories = (intent: FieldIntent) => intent.cues.some((cue) => cue.alternatives.includes(stem("sign")));

/** The most values one sentence introduces for a list field (an agreement's parties: two, rarely three or four). */
const MAX_LISTED = 4;

/** A company's signature block: its name, then "By:" or "/s/" ("Very truly yours, TYCO HEALTHCARE GROUP LP By: /s/ …"). */
const SIGNS_NEXT = /^\s*[,.]?\s*(?:\(\s*["“][^"”]{1,40}["”]\s*\)\s*)?(?:By\b|\/s\/)/;
/** More companies than this signing blocks: a list of affiliates, not the agreement's parties. */
const MAX_SIGNATORIES = 3;

/**
 * A letter agreement introduces no parties in a sentence ("Ladies and Gentlemen: In connection with …"): the
 * companies that sign it, each named over its "By:" line, are its parties. Read only when no sentence names them.
 */
function signatories(index: NarrativeIndex): NarrativeValue[] {
  const out: NarrativeValue[] = [];
  for (const sentence of index.sentences) {
    for (const f of findOrganisations(sentence.text, index.ordinary)) {
      if (!SIGNS_NEXT.test(sentence.text.slice(f.index + f.length))) continue;
      out.push({ value: f.value, source: spanSource(sentence, f.index, f.length), raw: f.value, match: SIGNATORY_MATCH });
    }
  }
  const unique = distinct(out.map((v, i) => ({ value: v.value, index: i, length: 0 }))).map((f) => out[f.index]!);
  return unique.length <= MAX_SIGNATORIES ? unique : [];
}
/** How well a signature block answers "who are the parties": weaker than a sentence introducing them. */
const SIGNATORY_MATCH = 0.5;
