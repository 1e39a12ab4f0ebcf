import { letterDoubt, letterKey } from "../fields/doubtful-letters";
import type { Line, PageModel, SourceBox, ValueEvidence, Word } from "../types";
import { countByGroup, weightedShareRight, type FittedValue } from "./support";

/**
 * Whether an OCR'd name or address reads cleanly or in doubt. Both must match letter for letter, mark for mark, and
 * some readings are slipped more often than others. On the training receipts (SROIE's training folder, rules alone,
 * 235 names and 151 addresses; no dev document) a reading in doubt was right 62 % (names) and 43 % (addresses) of the
 * time, a clean one 85 % and 73 %, while the fitted confidence gave both the same. In doubt:
 * - a letter the recogniser gave under `CLEAN_LETTER` (PP-OCR's `Word.least`) in a word of the value;
 * - a comma or full stop run into the next word ("27,JALAN", "BAHRU.JOHOR"): whether the print has a space there,
 *   or a comma rather than a stop, is where readings and labels most often part;
 * - small letters: mixed-case print is read less surely than capitals (its l, I and 1 look alike).
 * Such a value's confidence is the share of its group (finder, kind, clean or in doubt) the fit found right
 * (`fitReadingRates`, written by `scripts/calibrate.ts` into model.json's `readingRates`): the logistic fit's other
 * evidence (a score, a type check) is the same for every receipt's name and cannot tell them apart.
 */
export const CLEAN_LETTER = 0.8;

/** Lines below the value's first line that can still belong to it (an address block runs over a few lines). */
const LINES_BELOW = 6;


/**
 * The words a value was read from: on the source's page, on lines from the source's top to a few line heights below
 * it (an address's later lines are outside its first line's box), whose letters are part of the value's. Words of a
 * line in between that are not in the value (a phone number) do not count.
 */
export function valueWords(model: PageModel, source: SourceBox, value: string): Word[] {
  const page = model.pages.find((p) => p.number === source.page);
  if (!page) return [];
  const key = letterKey(value);
  const below = source.y + source.h + LINES_BELOW * Math.max(source.h, 0.005);
  const lines: Line[] = page.blocks.flatMap((b) => b.lines).filter((l) => l.box.y + l.box.h / 2 >= source.y && l.box.y <= below);
  return lines.flatMap((l) => l.words).filter((w) => {
    const own = letterKey(w.text);
    return own.length > 0 && key.includes(own);
  });
}

/** "doubtful" or "clean", for an OCR'd value read from `words`. */
export function readingDoubt(value: string, words: readonly Word[]): "clean" | "doubtful" {
  if (/[,.]\p{L}/u.test(value) || /\p{Ll}/u.test(value)) return "doubtful";
  return letterDoubt(words, value).least < CLEAN_LETTER ? "doubtful" : "clean";
}

/** Values of average accuracy a reading group's share right is shrunk by (its groups have 20 values or more). */
export const READING_PRIOR = 2;

/** A group needs this many fitted values before its share right stands for its values' confidence. */
export const MIN_READING_VALUES = 20;

/** The group an OCR'd name or address is judged in: "layout|name|clean", "layout|address|doubtful"; null for others. */
export function readingGroup(evidence: ValueEvidence): string | null {
  return evidence.reading ? `${evidence.strategy}|${evidence.kind ?? "text"}|${evidence.reading}` : null;
}

/**
 * Share right per reading group of the fitted values, shrunk towards the overall accuracy as if `READING_PRIOR` more
 * values of average accuracy had been seen (three decimals); groups with fewer than `MIN_READING_VALUES` values are
 * left to the logistic fit.
 */
export function fitReadingRates(samples: readonly FittedValue[]): Record<string, number> {
  if (samples.length === 0) return {};
  const overall = weightedShareRight(samples);
  const rates: Record<string, number> = {};
  for (const [group, c] of countByGroup(samples, readingGroup)) {
    if (c.n >= MIN_READING_VALUES) rates[group] = Math.round((1000 * (c.right + READING_PRIOR * overall)) / (c.n + READING_PRIOR)) / 1000;
  }
  return rates;
}
