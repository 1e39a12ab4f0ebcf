/**
 * What a field the built-in vocabulary does not know asks for, read from its own definition: the kind of value
 * (from its type, the words of its description and an example such as "e.g. 2 years") and the cue words a sentence
 * or label carrying it should contain, with synonyms of common words. New fields work without code.
 */
import type { FieldDefinition } from "../../types";

export type IntentKind = "date" | "duration" | "place" | "name" | "number" | "boolean" | "select" | "text";

export type FieldIntent = {
  kind: IntentKind;
  /** Stems of the cue words, each with the words it stands for (its synonyms' stems included). */
  cues: Array<{ stem: string; alternatives: string[] }>;
  /** Stems of the nouns the description is about ("the agreement"): a sentence giving a single value names them. */
  subjects: string[];
};

/**
 * Light English stemmer: inflections only, so "governs"/"governed"/"governing" and "party"/"parties" are one stem
 * while "agreement" stays apart from "agrees" (derivations are what the synonyms are for).
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  return w.length > 3 && w.endsWith("e") ? w.slice(0, -1) : w;
}

const STOPWORDS = new Set(
  "a an the of and to in on at by for with from as is are be was were this that these those it its whose which who what when where how e g eg ie i e value field please enter take takes make makes get gets have has give gives do does".split(" "),
);

// Synonyms of common words: what a document writes where a field's description says the word. General English,
// nothing tied to one kind of contract or to a dataset.
const SYNONYMS: Record<string, string[]> = {
  law: ["laws", "governed", "governing", "construed", "jurisdiction"],
  govern: ["laws", "governed", "governing", "construed"],
  effect: ["effective", "dated", "made", "entered", "commencing", "commencement", "executed"],
  start: ["commencing", "commencement", "effective", "begin", "beginning"],
  last: ["term", "period", "duration", "continue", "remain", "expire"],
  term: ["period", "duration"],
  party: ["parties", "between", "among"],
  sign: ["signed", "executed", "signature"],
  name: ["named"],
  amount: ["sum", "total"],
  fee: ["fees", "price", "payment"],
  end: ["expire", "expiration", "terminate", "termination"],
};

const SYNONYM_STEMS = new Map(Object.entries(SYNONYMS).map(([word, synonyms]) => [stem(word), synonyms.map(stem)] as const));

const PLACE_WORDS = /\b(?:state|country|countries|jurisdiction|place|city|province|region|nation|where)\b/i;
const DURATION_WORDS = /\b(?:how long|duration|period|length of time|lasts?)\b/i;
const NAME_WORDS = /\b(?:name|names|company|companies|person|people|party|parties|organi[sz]ation|signator(?:y|ies)|who)\b/i;
/** Words that say what kind of value a field holds rather than where it stands: not cues of its sentence. */
const KIND_WORDS: Partial<Record<IntentKind, Set<string>>> = {
  name: new Set(["name", "names", "company", "companies", "person", "people", "organisation", "organization", "who"]),
  date: new Set(["date", "when", "day"]),
  place: new Set(["place", "where", "location"]),
  duration: new Set(["how", "long", "day", "days", "week", "weeks", "month", "months", "year", "years"]),
};
const DURATION_EXAMPLE = /\b\d+\s+(?:day|week|month|year)s?\b/i;

function describedKind(field: FieldDefinition, text: string): IntentKind {
  switch (field.type) {
    case "date":
      return "date";
    case "number":
    case "currency":
      return "number";
    case "boolean":
      return "boolean";
    case "select":
      return "select";
    default:
      break;
  }
  if (DURATION_EXAMPLE.test(text) || DURATION_WORDS.test(text)) return "duration";
  if (PLACE_WORDS.test(text)) return "place";
  if (NAME_WORDS.test(text)) return "name";
  return "text";
}

export function fieldIntent(field: FieldDefinition, column?: FieldDefinition): FieldIntent {
  const nameWords = field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  const own = column ? `${column.name.replace(/[_\-.]+/g, " ")} ${column.description ?? ""}` : "";
  const text = `${nameWords} ${field.description ?? ""} ${field.instructions ?? ""} ${own}`;
  const kind = column ? describedKind(column, text) : describedKind(field, text);
  const stems = new Map<string, Set<string>>();
  let previous: string | null = null;
  let afterOr = false;
  for (const raw of text.split(/[^A-Za-z]+/)) {
    const word = raw.toLowerCase();
    if (word === "or") {
      afterOr = previous !== null;
      continue;
    }
    if (word.length < 3 || STOPWORDS.has(word) || KIND_WORDS[kind]?.has(word)) {
      if (word.length >= 3) afterOr = false;
      continue;
    }
    const s = stem(word);
    // "state or country": either word is the same cue.
    const group: string = afterOr && previous ? previous : s;
    const alternatives = stems.get(group) ?? new Set([group]);
    alternatives.add(s);
    for (const synonym of SYNONYM_STEMS.get(s) ?? []) alternatives.add(synonym);
    stems.set(group, alternatives);
    previous = group;
    afterOr = false;
  }
  // "the agreement", "the contract", "the policy": the thing whose property the field is, unless it is the value's kind.
  const subjects = [...`${field.description ?? ""} ${field.instructions ?? ""}`.matchAll(/\bthe\s+([a-z]+)/gi)]
    .map((m) => m[1]!.toLowerCase())
    .filter((w) => !STOPWORDS.has(w) && !KIND_WORDS[kind]?.has(w) && !/^(?:state|country|date|value|amount|number|name|parties|party)$/.test(w))
    .map(stem);
  return { kind, subjects: [...new Set(subjects)], cues: [...stems].map(([s, alts]) => ({ stem: s, alternatives: [...alts] })) };
}
