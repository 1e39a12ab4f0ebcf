/**
 * Where a field's label is printed, matched loosely: a form prints "1 Wages, tips, other compensation" where the user
 * wrote "Box 1 wages, tips, other compensation", and "Period start:" where they wrote "Start of the pay period". A
 * line is a label of the field when its words (numbers and box letters aside) mostly are the words of one of the
 * field's label phrases, or contain such a phrase of two words or more. Values are then read after its colon, right
 * of it on its row, or under it.
 */
import { findDates } from "../../../normalise/dates";
import type { FieldDefinition } from "../../types";
import { sameRow, type DocLine } from "../document-lines";
import { formLabels } from "../generic/form-labels";
import { labelMatch } from "../generic/form-fields";
import { stem } from "../generic/field-intent";
import { labelSegments } from "./label-segments";
import { labelWordSet, printsForeignWord } from "./label-words";

const dice = (a: ReadonlySet<string>, b: ReadonlySet<string>) => (a.size + b.size === 0 ? 0 : (2 * [...a].filter((w) => b.has(w)).length) / (a.size + b.size));

function withoutDates(text: string): string {
  const dates = findDates(text);
  return dates.length === 0 ? text : dates.reduceRight((t, d) => t.slice(0, d.index) + t.slice(d.index + d.length), text).replace(/\s+(?:on|as of|at)\s*$/i, "").trim();
}

/** Share of words (Dice over stems) a line must have in common with a label phrase. */
export const MIN_ANCHOR_MATCH = 0.6;
/** A label is short: longer lines are sentences that mention the words. */
const MAX_LABEL_WORDS = 12;

export type Anchor = { line: DocLine; match: number; /** The text after the label's colon on its own line. */ rest: string };

/** Words statements, payslips and forms print for one another ("Beginning balance" for an opening balance). */
const STATEMENT_SYNONYMS: string[][] = [
  ["opening", "beginning", "starting", "previous", "brought forward"],
  ["closing", "ending", "new", "close"],
  ["address", "location"],
  ["earnings", "pay", "wages"],
  // A payslip's gross pay is its total earnings.
  ["gross pay", "total earnings", "gross earnings"],
];

/** Each synonym with the expression that finds it as a word, compiled once. */
const STATEMENT_MATCHERS = STATEMENT_SYNONYMS.map((group) => group.map((word) => ({ word, re: new RegExp(`\\b${word}\\b`) })));

function synonymVariants(phrase: string): string[] {
  const out: string[] = [];
  for (const [g, matchers] of STATEMENT_MATCHERS.entries()) {
    for (const { word, re } of matchers) {
      if (re.test(phrase)) for (const other of STATEMENT_SYNONYMS[g]!) if (other !== word) out.push(phrase.replace(re, other));
    }
  }
  return out;
}

/** The field's label phrases: name, description without its box number or parenthesis, and form synonyms. */
export function labelPhrases(field: FieldDefinition): string[] {
  const description = (field.description ?? "").replace(/\bbox\s+\w{1,3}\b[:.\s-]*/gi, "").replace(/\([^)]*\)/g, " ").trim();
  const phrases = new Set([...formLabels(field), field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()]);
  if (description) phrases.add(description.toLowerCase());
  for (const paren of (field.description ?? "").matchAll(/\(([^)]{2,30})\)/g)) phrases.add(paren[1]!.toLowerCase());
  for (const phrase of [...phrases]) for (const variant of synonymVariants(phrase)) phrases.add(variant);
  return [...phrases];
}

/** "Box 1", "box 12a": the box a description names, when it names one. */
function boxNumber(field: FieldDefinition): string | null {
  return /\bbox\s+(\d{1,2}[a-z]?)\b/i.exec(`${field.description ?? ""} ${field.instructions ?? ""}`)?.[1]?.toLowerCase() ?? null;
}

/** Stemmed words, accents folded; a run of Chinese characters is one word. */
const stems = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 1 || /\p{Script=Han}/u.test(w))
    .map((w) => stem(w) || w);

/** Whether the phrase's words stand in the text in order, one after another (phrases of two words or more). */
function containsPhrase(text: string, phrase: string): boolean {
  const words = stems(phrase);
  if (words.length < 2) return false;
  const hay = stems(text);
  for (let i = 0; i + words.length <= hay.length; i += 1) if (words.every((w, j) => hay[i + j] === w)) return true;
  return false;
}

const FUNCTION_WORDS = /\b(?:and|or|of|the|if|as|on|your|a|an|to|for|in|is)\b/gi;
/** The parts of a name a form asks for one by one are the name: "first name and initial, last name" is "name". */
const NAME_PARTS = /\b(?:(?:first|last|given|family|middle)\s+name|surname|forename|initials?|m\.?i\.?)\b/gi;
/** The words that carry a label's meaning: "Employee's first name and initial Last name" → "Employee's name". */
const content = (text: string) => text.replace(NAME_PARTS, " name ").replace(FUNCTION_WORDS, " ");


/** "Account Number 0012 3456", "Box 1 Wages 52,300.00": the numbers after a label printed without a colon. */
export function numericTail(anchor: Anchor): string {
  if (anchor.rest) return anchor.rest;
  const m = /[\d$€£(+-]/.exec(anchor.line.text.replace(/^\s*(?:box\s+)?\d{1,2}[a-z]?\s+(?=\p{L})/iu, (x) => " ".repeat(x.length)));
  return m ? anchor.line.text.slice(m.index) : "";
}

/** Words any form prints: alone they name no particular field ("Name:", "Date:", "Number:"). */
const GENERIC_WORDS = new Set(["name", "date", "number", "no", "nr", "address", "amount", "total", "id", "type", "code", "reference", "ref"].map((w) => stem(w) || w));
/** A label of generic words only, for a field with a word of its own, matches less: it may be any field's label. */
const GENERIC_LABEL = 0.85;

function onlyGeneric(text: string): string | null {
  const words = stems(content(text));
  return words.length > 0 && words.every((w) => GENERIC_WORDS.has(w)) ? words[0]! : null;
}

/**
 * Lines labelling the field, best first. `kindWords` are the generic words that do name what the detector reads
 * ("name" for a person, "date" for a date): a label made of them alone keeps its full match.
 */
export function findAnchors(field: FieldDefinition, lines: DocLine[], kindWords: ReadonlySet<string> = new Set()): Anchor[] {
  const phrases = labelPhrases(field);
  const ownWords = phrases.some((p) => onlyGeneric(p) === null);
  const box = boxNumber(field);
  const out: Anchor[] = [];
  // "Beginning" over "balance": a column's label set over two lines is one label, its second line none of its own.
  const stacked = new Map<DocLine, DocLine>();
  for (const line of lines) {
    const below = stackedBelow(line, lines);
    if (below) stacked.set(line, below);
  }
  const seconds = new Set(stacked.values());
  // "Employee SSN: 123-45-6789 Date: …": each label on the line with what follows its colon up to the next label;
  // without a colon the whole line is the label.
  for (const line of lines) for (const { label: segment, rest } of labelSegments(line.text)) {
    if (seconds.has(line)) continue;
    const printed = stacked.has(line) ? `${segment} ${stacked.get(line)!.text}` : segment;
    // "Closing balance on August 2, 2018", "Your balance at close of business 11th Mar 2022": the date says when,
    // not which field.
    const label = withoutDates(printed);
    // A form label's first clause names the box: "5 Address (number, street, and apt. or suite no.)" is "Address",
    // "1 Name (as shown on your income tax return). Name is required on this line." is "Name".
    const clause = label.split(/[(.,;/]/)[0]!;
    const short = label.split(/\s+/).length <= MAX_LABEL_WORDS;
    if (!short && clause.split(/\s+/).length > 4) continue;
    let match = 0;
    for (const phrase of phrases) {
      match = Math.max(match, short ? labelMatch(phrase, label) : 0, short ? labelMatch(content(phrase), content(label)) : 0, 0.9 * labelMatch(phrase, clause), short && containsPhrase(label, phrase) ? 0.8 : 0);
    }
    // "3 Geburtsdatum (TT.MM.JJJJ)" for "date of birth": the label's words in English (label-words.ts).
    if (short && printsForeignWord(clause)) {
      const printedWords = new Set(labelWordSet(clause));
      for (const phrase of phrases) match = Math.max(match, dice(new Set(labelWordSet(phrase)), printedWords));
    }
    if (box) {
      // A form box's own number in front of its label confirms it; another box's number contradicts it.
      const printed = /^(?:box\s+)?(\d{1,2}[a-z]?)\s+\p{L}/iu.exec(label.trim())?.[1]?.toLowerCase();
      if (printed === box) match = Math.min(1, match + 0.15);
      else if (printed) match -= 0.2;
    }
    const generic = onlyGeneric(clause) ?? onlyGeneric(label);
    if (generic && ownWords && !kindWords.has(generic)) match *= GENERIC_LABEL;
    if (match >= MIN_ANCHOR_MATCH) out.push({ line, match, rest });
  }
  return out.sort((a, b) => b.match - a.match);
}

/** Short lines of words only, no colon: what a column's header label is made of. */
const HEADER_WORDS = (text: string) => !/[\d:：]/.test(text) && text.trim().split(/\s+/).length <= 3;

/** The line continuing a label set over two lines of its column: right under it, starting where it starts. */
function stackedBelow(line: DocLine, lines: DocLine[]): DocLine | null {
  if (!HEADER_WORDS(line.text)) return null;
  const below = lines.find((l) => l.page === line.page && l.index !== line.index && Math.abs(l.box.x - line.box.x) < 0.012 && l.box.y > line.box.y && l.box.y - (line.box.y + line.box.h) < line.box.h * 0.6);
  const above = lines.some((l) => l.page === line.page && l.index !== line.index && Math.abs(l.box.x - line.box.x) < 0.012 && l.box.y < line.box.y && line.box.y - (l.box.y + l.box.h) < line.box.h * 0.6);
  // Only a pair: a third line makes it a list or a paragraph, not a stacked label.
  return below && !above && HEADER_WORDS(below.text) && !stackedBelowAny(below, lines) ? below : null;
}

function stackedBelowAny(line: DocLine, lines: DocLine[]): boolean {
  return lines.some((l) => l.page === line.page && l.index !== line.index && Math.abs(l.box.x - line.box.x) < 0.012 && l.box.y > line.box.y && l.box.y - (line.box.y + line.box.h) < line.box.h * 0.6 && HEADER_WORDS(l.text));
}

/** A place near a label where its value may be printed, and how much that place is trusted. */
export type Region = { lines: DocLine[]; text: string; factor: number };

/** The label's value places, nearest first: after its colon, right of it on its row, then the lines under it. */
export function valueRegions(anchor: Anchor, lines: DocLine[], below = 3): Region[] {
  const { line } = anchor;
  const out: Region[] = [];
  if (anchor.rest) out.push({ lines: [line], text: anchor.rest, factor: 1 });
  const right = lines
    .filter((l) => l.page === line.page && l.index !== line.index && l.box.x >= line.box.x + line.box.w - 0.005 && sameRow(l.box, line.box))
    .sort((a, b) => a.box.x - b.box.x)
    .slice(0, 2);
  right.forEach((l, i) => out.push({ lines: [l], text: l.text, factor: 0.9 - 0.15 * i }));
  // Under the label: lines starting within its column, each at most ~2.5 line heights under the one before.
  let last = line;
  const under: DocLine[] = [];
  for (let k = 0; k < below; k += 1) {
    const step = Math.max(last.box.h, line.box.h, 0.01) * 2.5;
    const next = lines
      .filter((l) => l.page === line.page && !under.includes(l) && l.index !== line.index && l.box.y > last.box.y + last.box.h * 0.5 && l.box.y - (last.box.y + last.box.h) < step)
      .filter((l) => l.box.x >= line.box.x - 0.02 && l.box.x < line.box.x + Math.max(line.box.w, 0.05))
      .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)[0];
    if (!next) break;
    under.push(next);
    last = next;
  }
  if (under.length > 0) out.push({ lines: under, text: under.map((l) => l.text).join("\n"), factor: 0.85 });
  return out;
}
