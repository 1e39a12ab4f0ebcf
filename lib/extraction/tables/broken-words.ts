import type { Word } from "../types";

/** A word a column broke over two lines without a hyphen: its part at a line's end and its part starting the next. */
export type BrokenWord = { head: string; tail: string };

/** Average width of a character of a word. */
const charWidth = (w: Word): number => w.box.w / Math.max(1, [...w.text].length);

/** A cell's words in printed lines, top to bottom (a word starts a new line when it sits below the previous one). */
export function wordLines(words: Word[]): Word[][] {
  const lines: Word[][] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && w.box.y < prev.box.y + prev.box.h * 0.5) last.push(w);
    else lines.push([w]);
  }
  return lines;
}

/** Lines of other cells the wrap width is read from: fewer say nothing about where the column wraps. */
const MIN_OTHER_LINES = 2;
/** A word cut by the column is longer than the column holds words, so never a short one. */
const MIN_CUT_LETTERS = 8;
/** Another line ends this many characters short of the wrap width at most: the column wraps there. */
const WRAP_EVIDENCE_CHARS = 3;

/**
 * Words a narrow column broke without a hyphen ("Staudenmischbepflanzu" / "ng inkl. …"). Text wraps at spaces, so only
 * a word longer than the column is wide has to be cut, and then it fills its line alone up to the wrap width. So a
 * line of one long word ending at the table's wrap width (the right edge its description lines reach, within a
 * character), followed by a line going on in lower case or with punctuation (", …", "-Marker"), is one word, unless
 * the page prints that next part elsewhere as a word of its own ("Intervention" / "sur site": "sur" is a word). The
 * wrap width must show on another line too (ending within a few characters of it), so a wide column whose widest line
 * happens to be a single word joins nothing. `cells`: each item's description words; `pageWords`: the page's word
 * counts (`countWords`), or a function giving them, asked only when some line looks cut (few tables have one, and
 * counting a page's words for every table read was a large part of reading its items).
 */
export function brokenWords(
  cells: Word[][],
  pageWords: ReadonlyMap<string, number> | (() => ReadonlyMap<string, number>) = new Map(),
): BrokenWord[][] {
  const linesOf = cells.map(wordLines);
  const rights = linesOf.map((lines) => lines.map((line) => Math.max(...line.map((w) => w.box.x + w.box.w))));
  const all = rights.flat();
  if (all.length < MIN_OTHER_LINES + 1) return linesOf.map(() => []);
  const wrapRight = Math.max(...all);
  const candidates = linesOf.map((lines, i) => {
    const out: BrokenWord[] = [];
    for (let k = 0; k + 1 < lines.length; k += 1) {
      const line = lines[k]!;
      const word = line[0]!;
      const next = lines[k + 1]![0]!;
      if (line.length !== 1 || [...word.text].length < MIN_CUT_LETTERS || !/\p{L}$/u.test(word.text) || !/^(?:\p{Ll}|[,.;:)]|-(?=\p{L}))/u.test(next.text)) continue;
      const char = charWidth(word);
      if (wrapRight - (word.box.x + word.box.w) > char) continue;
      const evidence = rights.some((rs, c) => rs.some((r, l) => (c !== i || l !== k) && wrapRight - r <= WRAP_EVIDENCE_CHARS * char));
      if (evidence) out.push({ head: word.text, tail: next.text });
    }
    return out;
  });
  if (candidates.every((list) => list.length === 0)) return candidates;
  // A next part the page prints elsewhere as a word of its own ("sur", "und") is that word, wrapped at a space; the
  // same cut repeated in other items ("Aufbewahrungsb" / "ox" twice) is not elsewhere.
  const counts = typeof pageWords === "function" ? pageWords() : pageWords;
  const asTail = countWords(candidates.flat().map((b) => ({ text: b.tail, box: { x: 0, y: 0, w: 0, h: 0 }, confidence: 1 })));
  return candidates.map((list) =>
    list.filter((b) => {
      const tail = wordKey(b.tail);
      return tail === "" || (counts.get(tail) ?? 0) <= (asTail.get(tail) ?? 0);
    }),
  );
}

/** A word as the page's word counts know it: lower case, letters and digits only. */
export function wordKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** How often each word stands on the page. */
export function countWords(words: Word[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) {
    const key = wordKey(w.text);
    if (key !== "") counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The description with its broken words whole again. */
export function joinBrokenWords(text: string, broken: BrokenWord[]): string {
  return broken.reduce((t, b) => t.replace(`${b.head} ${b.tail}`, `${b.head}${b.tail}`), text);
}
