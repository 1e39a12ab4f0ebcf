/**
 * Running text as sentences, with each word's place kept so a value found in a sentence gets its source box.
 * Lines are joined in reading order; a sentence ends at ".", ";", "!" or "?" before a capital or an opening quote,
 * except after abbreviations and initials ("Inc.", "Corp.", "J.", "No."), and at a page break.
 */
import type { Box, SourceBox } from "../../types";
import type { DocLine } from "../document-lines";
import { unionBox } from "../document-lines";

type PlacedWord = { start: number; end: number; page: number; box: Box };

export type Sentence = { text: string; words: PlacedWord[]; page: number; tokens: string[] };

const ABBREVIATIONS = new Set(
  "inc corp co ltd no nos mr mrs ms dr jr sr st vs v u s n b l p e g i etc sec art para cf approx dept est fig ft".split(" "),
);

function endsSentence(word: string, next: string | undefined): boolean {
  if (!/[.;!?]["”’)]?$/.test(word)) return false;
  if (next === undefined) return true;
  if (!/^["“‘(]?[A-Z0-9]/.test(next)) return false;
  if (word.endsWith(";")) return true;
  const bare = word.replace(/["”’)]+$/, "").replace(/[.!?]$/, "").toLowerCase();
  const last = bare.split(/[.,]/).pop() ?? bare;
  return !(ABBREVIATIONS.has(last) || /^[a-z]$/.test(last) || /^(?:[a-z]\.)+[a-z]?$/.test(bare));
}

export function splitSentences(lines: DocLine[]): Sentence[] {
  const out: Sentence[] = [];
  let text = "";
  let words: PlacedWord[] = [];
  let page = lines[0]?.page ?? 1;
  const flush = () => {
    if (words.length > 0) out.push({ text, words, page: words[0]!.page, tokens: text.toLowerCase().split(/[^a-z]+/).filter(Boolean) });
    text = "";
    words = [];
  };
  const all = lines.flatMap((line) => line.words.map((word) => ({ word, page: line.page })));
  all.forEach(({ word, page: wordPage }, i) => {
    if (wordPage !== page) {
      flush();
      page = wordPage;
    }
    if (text) text += " ";
    words.push({ start: text.length, end: text.length + word.text.length, page: wordPage, box: word.box });
    text += word.text;
    const next = all[i + 1];
    if (endsSentence(word.text, next?.page === wordPage ? next.word.text : undefined)) flush();
  });
  flush();
  return out;
}

/** The source box of a span of a sentence's text: the union of the words it overlaps. */
export function spanSource(sentence: Sentence, index: number, length: number): SourceBox | null {
  const hit = sentence.words.filter((w) => w.start < index + length && index < w.end);
  if (hit.length === 0) return null;
  return { page: hit[0]!.page, ...unionBox(hit.filter((w) => w.page === hit[0]!.page).map((w) => w.box)) };
}
