import type { RawWord } from "./build-page";

/**
 * How far apart two copies of one word may stand and still be one overprinted word, as a share of its height. Fake
 * bold shifts each copy by a few hundredths of the type size; a word repeated side by side ("very very", "a a")
 * stands at least its own width plus a space further on, which for one letter is over half the height.
 */
const OVERPRINT_SHIFT = 0.25;

/**
 * Words printed again at (almost) the same place: some PDFs draw every glyph run two or three times, slightly
 * shifted, to make text look bold, and the text layer then holds every word twice ("AGORA AGORA INVOICE INVOICE").
 * Keeps the first copy of a word whose text and box another kept word already has; a repeated word set beside it
 * is kept.
 */
export function dropOverprinted<W extends RawWord>(words: readonly W[]): W[] {
  const kept: W[] = [];
  const byText = new Map<string, W[]>();
  for (const word of words) {
    const same = byText.get(word.text);
    const tolerance = OVERPRINT_SHIFT * Math.max(word.h, 1e-9);
    if (same?.some((k) => Math.abs(k.x - word.x) <= tolerance && Math.abs(k.y - word.y) <= tolerance && Math.abs(k.h - word.h) <= tolerance)) continue;
    kept.push(word);
    if (same) same.push(word);
    else byText.set(word.text, [word]);
  }
  return kept;
}
