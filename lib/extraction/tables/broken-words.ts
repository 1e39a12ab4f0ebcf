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

/**
 * Words a narrow column broke without a hyphen ("Staudenmischbepflanzu" / "ng inkl. …"). Text wraps at spaces, so a
 * line ends short of the column's wrap width by less than the next word; only a word longer than the column is wide
 * has to be cut, and then it fills its line alone up to the wrap width. So a line of one word ending where the
 * table's other description lines end at most (within a character), followed by a line going on in lower case, is one
 * word. The wrap width comes from the other lines of the table (`cells`: each item's description words), so a short
 * table or a line wider than all others joins nothing.
 */
export function brokenWords(cells: Word[][]): BrokenWord[][] {
  const linesOf = cells.map(wordLines);
  const rights = linesOf.map((lines) => lines.map((line) => Math.max(...line.map((w) => w.box.x + w.box.w))));
  return linesOf.map((lines, i) => {
    const out: BrokenWord[] = [];
    for (let k = 0; k + 1 < lines.length; k += 1) {
      const line = lines[k]!;
      const word = line[0]!;
      const next = lines[k + 1]![0]!;
      if (line.length !== 1 || !/\p{L}$/u.test(word.text) || !/^\p{Ll}/u.test(next.text)) continue;
      const others = rights.flatMap((rs, c) => rs.filter((_, l) => c !== i || l !== k));
      if (others.length < MIN_OTHER_LINES) continue;
      const wrapRight = Math.max(...others);
      if (Math.abs(word.box.x + word.box.w - wrapRight) <= charWidth(word)) out.push({ head: word.text, tail: next.text });
    }
    return out;
  });
}

/** The description with its broken words whole again. */
export function joinBrokenWords(text: string, broken: BrokenWord[]): string {
  return broken.reduce((t, b) => t.replace(`${b.head} ${b.tail}`, `${b.head}${b.tail}`), text);
}
