import type { FieldDefinition, Word } from "../types";
import { tokenise } from "../fields/text-tokens";
import type { Row } from "./word-rows";

/**
 * The parts of one entry of a list-like section ("Software Engineer, Northwind Inc.   2019 – Present" / "Austin, TX"):
 * a date range or a year, a place, and the remaining phrases classified as an organisation (legal form, school
 * words) or a title (job and degree words), else plain text. And the slot a column of the table field asks for,
 * from its name and description.
 */
export type Slot = "start" | "end" | "period" | "year" | "location" | "org" | "title" | null;
export type Piece = { kind: "range" | "year" | "place" | "org" | "title" | "text"; text: string; words: Word[]; start?: Piece; end?: Piece };

const SLOT_CUES: Array<[Exclude<Slot, null>, string[]]> = [
  ["start", ["start", "from", "begin", "began", "since", "beginning"]],
  ["end", ["end", "until", "to", "finish", "finished", "left"]],
  ["year", ["year", "graduation", "graduated", "completed"]],
  ["period", ["dates", "period", "duration", "tenure", "when"]],
  ["location", ["location", "city", "place", "where", "town", "ort", "lieu", "located"]],
  ["org", ["company", "employer", "organisation", "organization", "firm", "school", "university", "institution", "college", "academy", "issuer", "client"]],
  ["title", ["position", "title", "role", "job", "degree", "qualification", "diploma", "certificate", "occupation", "function"]],
];

export function slotOf(column: FieldDefinition): Slot {
  for (const source of [column.name.replace(/[_\-.]+/g, " "), column.description ?? ""]) {
    const tokens = tokenise(source);
    const found = SLOT_CUES.find(([, cues]) => cues.some((c) => tokens.includes(c)));
    if (found) return found[0];
  }
  return null;
}

const MONTH = "(?:spring|summer|fall|autumn|winter|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|januar|februar|märz|mai|juni|juli|oktober|dezember|janv|févr|avr|juin|juil|sept|déc)\\.?";
const POINT = `(?:(?:${MONTH}\\s+)?(?:\\d{1,2}[/.])?(?:19|20)\\d{2}|present|current|now|today|heute|aujourd'hui|actuel|ongoing)`;
const RANGE = new RegExp(`(${POINT})\\s*(?:-|–|—|to|until|bis|à|a)\\s*(${POINT})`, "iu");
const YEAR = new RegExp(`(?<![\\d/.])(?:${MONTH}\\s+)?(?:19|20)\\d{2}(?![\\d/.])`, "iu");
const COUNTRIES = "USA|UK|Canada|Germany|France|Spain|Italy|Netherlands|Belgium|Switzerland|Austria|Ireland|India|Australia|Mexico|Brazil|Japan|China|Poland|Portugal|Sweden|Denmark|Norway|Finland|Remote";
/** "Austin, TX", "Lyon, France": a place of one to three capitalised words, a comma, a state code or a country. */
const PLACE = new RegExp(`(?<![\\p{L}])(\\p{Lu}[\\p{L}.'-]+(?: \\p{Lu}[\\p{L}.'-]+){0,2}, (?:[A-Z]{2}|${COUNTRIES}))(?![\\p{L}])`, "u");

const ORG_WORDS = new Set(["inc", "llc", "ltd", "corp", "corporation", "co", "gmbh", "ag", "sa", "sas", "plc", "bv", "nv", "srl", "spa", "group", "university", "college", "institute", "school", "academy", "universitat", "universite", "hochschule", "universidad", "universita", "polytechnic", "bank", "hospital", "foundation", "agency", "department", "partners", "company", "technologies", "solutions", "services"]);
const TITLE_WORDS = new Set(["engineer", "manager", "analyst", "developer", "nurse", "coordinator", "director", "lead", "intern", "consultant", "specialist", "assistant", "officer", "designer", "scientist", "accountant", "administrator", "architect", "technician", "teacher", "head", "president", "vp", "chief", "supervisor", "associate", "representative", "advisor", "programmer", "researcher", "editor", "writer", "clerk", "executive", "owner", "founder", "partner", "bachelor", "master", "masters", "phd", "doctor", "doctorate", "mba", "bs", "ba", "ms", "ma", "bsc", "msc", "diploma", "certificate", "degree", "licence", "licenciatura", "laurea", "ingenieur"]);

function classify(text: string): Piece["kind"] {
  const tokens = tokenise(text);
  const org = tokens.some((t) => ORG_WORDS.has(t));
  const title = tokens.some((t) => TITLE_WORDS.has(t));
  // "Bank of X" is an organisation, "Associate of Applied Science" a degree: the last word decides a tie.
  if (org && title) return ORG_WORDS.has(tokens[tokens.length - 1] ?? "") ? "org" : "title";
  return org ? "org" : title ? "title" : "text";
}

/** Words of a row whose text spans [from, to) of the row's joined text. */
function wordsIn(words: Word[], from: number, to: number): Word[] {
  const out: Word[] = [];
  let at = 0;
  for (const w of words) {
    const end = at + w.text.length;
    if (end > from && at < to) out.push(w);
    at = end + 1;
  }
  return out;
}

/** Separators between an entry's parts: pipes, bullets, spaced dashes, commas (not before a legal form). */
const SEPARATOR = /\s*(?:\||•|·|\s[–—-]\s|,(?!\s*(?:inc|llc|ltd|corp|co|gmbh|plc)\b\.?))\s*/giu;

function splitPhrase(words: Word[], out: Piece[]): void {
  let text = words.map((w) => w.text).join(" ");
  const cut = (m: RegExpExecArray | null, kind: Piece["kind"], extra?: (m: RegExpExecArray, ws: Word[]) => Partial<Piece>): void => {
    if (!m) return;
    const ws = wordsIn(words, m.index, m.index + m[0].length);
    out.push({ kind, text: m[0].trim(), words: ws, ...(extra ? extra(m, ws) : {}) });
    text = `${text.slice(0, m.index)}${" ".repeat(m[0].length)}${text.slice(m.index + m[0].length)}`;
  };
  cut(RANGE.exec(text), "range", (m, ws) => {
    const startText = m[1]!;
    const endText = m[2]!;
    const endAt = m.index + m[0].length - endText.length;
    return { start: { kind: "text", text: startText, words: wordsIn(words, m.index, m.index + startText.length) || ws }, end: { kind: "text", text: endText, words: wordsIn(words, endAt, endAt + endText.length) } };
  });
  if (!out.some((p) => p.kind === "range")) cut(YEAR.exec(text), "year");
  const place = PLACE.exec(text);
  // A place is no organisation or title ("Senior Analyst, UK" aside): its words name neither.
  if (place && classify(place[0].split(",")[0]!) === "text") cut(place, "place");
  // What is left, split at separators, classified by its words.
  let at = 0;
  const parts: Array<{ from: number; to: number }> = [];
  SEPARATOR.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SEPARATOR.exec(text)) !== null) {
    parts.push({ from: at, to: m.index });
    at = m.index + m[0].length;
    if (m[0].length === 0) SEPARATOR.lastIndex += 1;
  }
  parts.push({ from: at, to: text.length });
  for (const { from, to } of parts) {
    const piece = text.slice(from, to).trim();
    // A part has two letters at least ("B.S." has, "&" has not).
    if (!/\p{L}.*\p{L}/u.test(piece)) continue;
    const offset = from + text.slice(from, to).indexOf(piece);
    out.push({ kind: classify(piece), text: piece, words: wordsIn(words, offset, offset + piece.length) });
  }
}

/** A printed line of a section as its phrases, left to right: words a wide gap apart (a right-aligned date) split. */
export type Line = { row: Row; phrases: Word[][] };

export function lineOf(r: Row): Line {
  const phrases: Word[][] = [];
  for (const w of [...r.words].sort((a, b) => a.box.x - b.box.x)) {
    const phrase = phrases[phrases.length - 1];
    const last = phrase?.[phrase.length - 1];
    if (phrase && last && w.box.x - (last.box.x + last.box.w) <= 2.5 * r.h) phrase.push(w);
    else phrases.push([w]);
  }
  return { row: r, phrases };
}

const DANGLING = new RegExp(`^${POINT}\\s*(?:-|–|—|to|until|bis)(?=\\s|$)`, "iu");
const LONE_POINT = new RegExp(`^${POINT}(?=\\s|$)`, "iu");
const wordCount = (text: string) => text.trim().split(/\s+/).length;

/** The first `n` words of a line (left to right) taken out of its phrases. */
function takeLeading(line: Line, n: number): Word[] {
  const words = line.phrases.flat().slice(0, n);
  const taken = new Set(words);
  line.phrases = line.phrases.map((p) => p.filter((w) => !taken.has(w))).filter((p) => p.length > 0);
  return words;
}

/**
 * A date range printed over two lines of a date column ("2017 –" over "Present", "June 2020 –" over "May 2022")
 * becomes one phrase at the head of the upper line; the lower line keeps its other words.
 */
export function joinSplitRanges(lines: Line[]): Line[] {
  const out = lines.map((l) => ({ row: l.row, phrases: l.phrases.map((p) => [...p]) }));
  for (let k = 0; k + 1 < out.length; k += 1) {
    const upperText = out[k]!.phrases.flat().map((w) => w.text).join(" ");
    const lowerText = out[k + 1]!.phrases.flat().map((w) => w.text).join(" ");
    const dangling = DANGLING.exec(upperText);
    const lone = LONE_POINT.exec(lowerText);
    // The upper line's range must be open: a full range ("2012 – 2017") is no start of one.
    if (!dangling || !lone || LONE_POINT.test(upperText.slice(dangling[0].length).trim())) continue;
    const upperWords = out[k]!.phrases.flat().slice(0, wordCount(dangling[0]));
    const lowerWords = out[k + 1]!.phrases.flat().slice(0, wordCount(lone[0]));
    const span = (ws: Word[]) => [Math.min(...ws.map((w) => w.box.x)), Math.max(...ws.map((w) => w.box.x + w.box.w))] as const;
    const [a1, a2] = span(upperWords);
    const [b1, b2] = span(lowerWords);
    // One column: the two parts overlap across.
    if (Math.min(a2, b2) - Math.max(a1, b1) <= 0) continue;
    const range = [...takeLeading(out[k]!, upperWords.length), ...takeLeading(out[k + 1]!, lowerWords.length)];
    out[k]!.phrases.unshift(range);
  }
  return out.filter((l) => l.phrases.length > 0);
}

/** The parts of an entry's head lines. */
export function entryPieces(lines: Line[]): Piece[] {
  const out: Piece[] = [];
  for (const l of lines) for (const phrase of l.phrases) splitPhrase(phrase, out);
  return out;
}
