/**
 * The engine's reading and the taught text, same letters and figures, different punctuation: which marks are this
 * document's print and which are OCR's. A mark the engine read glued between two words or figures ("NO,31G",
 * "INTERNATIONAL.SDN", "81750.JOHOR") where the taught text has another one or a space is a misread dot or a
 * speck of the scan; a mark followed by a space ("PANAS, SETAPAK" where "PANAS. SETAPAK" was taught, "SDN. BHD")
 * is how this print sets it. SROIE training receipts, split_group half A: the 6 names and addresses whose glued marks
 * were replaced by the taught ones all came out right; with the engine's other marks kept, 141 of 144.
 * `words: "taught"`: memory found the taught text printed again where the engine misread it; the taught words, in the
 * taught case, get the marks that printing sets after a word ("SDN. BHD."), and nothing else of it: its spaces beside
 * a mark the taught text has too, its line breaks, a mark standing alone between spaces (a footer's "·") and a mark it
 * lacks give way to the taught separator (the annotators of one sender's receipts follow the print's attached marks,
 * not OCR's spaces, and OCR drops dots).
 */
export function mergePunctuation(engine: string, taught: string, words: "read" | "taught" = "read"): string {
  const read = pieces(engine);
  const wanted = pieces(taught);
  if (read.words.length !== wanted.words.length || read.words.some((word, index) => word.toLowerCase() !== wanted.words[index]!.toLowerCase())) return engine;
  let out = read.separators[0]!;
  read.words.forEach((word, index) => {
    const next = index + 1;
    const mine = read.separators[next]!;
    // The last mark (a full stop after the address) is the print's; only marks between two words are judged.
    const inside = next < read.words.length;
    // A line break is where the print ran out of room, not a space it set: the taught separator stands there.
    // Memory's own finding takes only a mark the print sets after a word and before a space ("SDN. BHD."); the same
    // marks with OCR's spaces beside them, a mark standing alone between spaces (a footer's "·" between the parts of
    // an address), and a mark the print lacks (a dot OCR dropped) keep the taught separator.
    const ownMark = words === "read" || (ATTACHED_MARK.test(mine) && mine.replace(/\s/g, "") !== wanted.separators[next]!.replace(/\s/g, ""));
    const taughtMark = inside && ((isGluedMark(mine) && mine !== wanted.separators[next]) || mine.includes("\n") || !ownMark);
    out += (words === "taught" ? wanted.words[index]! : word) + (taughtMark ? wanted.separators[next]! : mine);
  });
  return out;
}

/** Marks set right after a word, then a space: ". ", ", ". */
const ATTACHED_MARK = /^[^\p{L}\p{N}\s]+[ \t]+$/u;

/** A run of marks with no space in it, between two words: ",", ".", "/" glued to both neighbours. */
const isGluedMark = (separator: string) => separator !== "" && !/\s/.test(separator);

/** Letters-and-figures runs and the separators around them: separators[i] precedes words[i], the last one ends. */
function pieces(text: string): { words: string[]; separators: string[] } {
  const words: string[] = [];
  const separators: string[] = [];
  const pattern = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    separators.push(text.slice(last, match.index));
    words.push(match[0]);
    last = match.index + match[0].length;
  }
  separators.push(text.slice(last));
  return { words, separators };
}
