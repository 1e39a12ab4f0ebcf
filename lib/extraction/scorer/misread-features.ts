import { valueWords } from "../confidence/reading-doubt";
import type { FieldValue, PageModel, SourceBox, ValueEvidence } from "../types";

/**
 * The value calibrator's evidence that a value read by OCR was misread: how sure the recogniser was of the words it
 * came from (their word confidences and least letter probabilities), shapes a printed value seldom has and a misread
 * one often does (a digit inside a word of letters, a letter among digits, a mark run into the next word, a small
 * letter followed by a capital, one- or two-letter fragments, characters outside the usual print), and whether its
 * words are printed again elsewhere on the page (two readings that agree are less likely both misread). General
 * shapes only, no vocabulary of any source: the calibrator learns what each is worth from documents with exact truth,
 * including OCR'd synthetic images, so a source left out of training is judged by what others taught.
 */
export const MISREAD_FEATURE_NAMES = [
  "reading_doubtful",
  "words_conf_min",
  "words_conf_mean",
  "letters_least",
  "letters_joint_log",
  "shape_digit_in_word",
  "shape_letter_in_number",
  "shape_glued_mark",
  "shape_case_break",
  "shape_fragments",
  "shape_odd_chars",
  "page_repeated_share",
] as const;

/** Letters an OCR engine takes for digits and back: in a run of digits they are a misreading more often than print. */
const LOOKALIKE_LETTERS = /[OoIlSBZ]/;
/** Characters of ordinary names and addresses; anything else (°, _, |, ~, ¥ …) is rarely printed there. */
const ORDINARY = /[\p{L}\p{N}\s,.\-/&()'#:;@+*%$"]/u;

const letterKey = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();

/** Counts of the misread shapes in a value's text. */
export function misreadShapes(text: string): { digitInWord: number; letterInNumber: number; gluedMark: number; caseBreak: number; fragments: number; oddChars: number } {
  const tokens = text.split(/\s+/).filter(Boolean);
  let digitInWord = 0;
  let letterInNumber = 0;
  let fragments = 0;
  for (const token of tokens) {
    const letters = (token.match(/\p{L}/gu) ?? []).length;
    const digits = (token.match(/\p{N}/gu) ?? []).length;
    // "PERMA8", "Leve1", "GR0UND": a word of letters holding a digit.
    if (letters >= 3 && digits > 0 && digits < letters) digitInWord += 1;
    // "8110O", "28I1": a number holding a letter that looks like a digit.
    if (digits >= 2 && letters > 0 && letters < digits && LOOKALIKE_LETTERS.test(token)) letterInNumber += 1;
    // "PappaR i ch": small-letter pieces of a word split by the reader.
    if (/^\p{Ll}{1,2}$/u.test(token)) fragments += 1;
  }
  return {
    digitInWord,
    letterInNumber,
    gluedMark: (text.match(/[,.;:][\p{L}]/gu) ?? []).length,
    caseBreak: (text.match(/\p{Ll}\p{Lu}/gu) ?? []).length,
    fragments,
    oddChars: [...text].filter((c) => !ORDINARY.test(c)).length,
  };
}

/** Share of the value's words (3+ letters or digits) the page prints more often than the value itself holds them:
 * printed again somewhere else (a letterhead repeated in a footer, a town in a second address). */
function repeatedShare(model: PageModel, text: string): number {
  const tokens = text.split(/\s+/).map(letterKey).filter((t) => t.length >= 3);
  if (tokens.length === 0) return 0;
  const inValue = new Map<string, number>();
  for (const t of tokens) inValue.set(t, (inValue.get(t) ?? 0) + 1);
  const onPage = new Map<string, number>();
  for (const page of model.pages) {
    for (const block of page.blocks) {
      for (const line of block.lines) {
        for (const word of line.words) {
          const key = letterKey(word.text);
          if (inValue.has(key)) onPage.set(key, (onPage.get(key) ?? 0) + 1);
        }
      }
    }
  }
  return tokens.filter((t) => (onPage.get(t) ?? 0) > inValue.get(t)!).length / tokens.length;
}

/**
 * The misread features of one value, in MISREAD_FEATURE_NAMES order. Values read from a text layer get the
 * features of a clean reading (confidences 1, no doubt), so only their shapes and repetition vary.
 */
export function misreadFeatures(model: PageModel, value: FieldValue, source: SourceBox | null, evidence: ValueEvidence | undefined): number[] {
  const text = typeof value === "number" ? String(value) : String(value ?? "");
  const words = source ? valueWords(model, source, text) : [];
  const confidences = words.map((w) => w.confidence);
  const leasts = words.map((w) => w.least).filter((l): l is number => l !== undefined);
  const shapes = misreadShapes(text);
  const doubt = evidence?.reading === "doubtful" ? 1 : evidence?.reading === "clean" ? 0 : -1;
  return [
    doubt,
    confidences.length ? Math.min(...confidences) : 1,
    confidences.length ? confidences.reduce((s, c) => s + c, 0) / confidences.length : 1,
    leasts.length ? Math.min(...leasts) : 1,
    // The chance that no word holds a misread letter, on a log scale (long addresses multiply many factors).
    Math.max(-10, leasts.reduce((s, l) => s + Math.log(Math.max(l, 1e-4)), 0)),
    Math.min(5, shapes.digitInWord),
    Math.min(5, shapes.letterInNumber),
    Math.min(5, shapes.gluedMark),
    Math.min(5, shapes.caseBreak),
    Math.min(5, shapes.fragments),
    Math.min(5, shapes.oddChars),
    repeatedShare(model, text),
  ];
}
