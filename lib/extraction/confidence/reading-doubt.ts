import { letterDoubt } from "../fields/doubtful-letters";
import type { Line, PageModel, SourceBox, Word } from "../types";

/**
 * Whether an OCR'd name or address reads cleanly or in doubt. Both must match letter for letter, mark for mark, and
 * some readings are slipped more often than others. On the training receipts (SROIE's training folder, rules alone,
 * 235 names and 151 addresses; no dev document) a reading in doubt was right 62 % (names) and 43 % (addresses) of the
 * time, a clean one 85 % and 73 %, while the fitted confidence gave both the same. In doubt:
 * - a letter the recogniser gave under `CLEAN_LETTER` (PP-OCR's `Word.least`) in a word of the value;
 * - a comma or full stop run into the next word ("27,JALAN", "BAHRU.JOHOR"): whether the print has a space there,
 *   or a comma rather than a stop, is where readings and labels most often part;
 * - small letters: mixed-case print is read less surely than capitals (its l, I and 1 look alike).
 * The fit (`scripts/calibrate.ts`) then weighs it (`ocr_reading_doubt`) and keeps a ceiling per kind of reading
 * (`support.ts`).
 */
export const CLEAN_LETTER = 0.8;

/** Lines below the value's first line that can still belong to it (an address block runs over a few lines). */
const LINES_BELOW = 6;

const letterKey = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();

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
