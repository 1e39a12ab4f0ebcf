import type { DocumentLayout, LayoutWord } from "./types";

/** A printed line for `layoutOf`: its text, and where its first word starts (page fractions). */
export type PrintedLine = { text: string; x: number; y: number };

/**
 * A one-page layout from printed lines, for tests: each line's words placed left to right from x at height y, 0.008
 * of the page wide per character and 0.006 apart, every line its own text block. `wordHeight` is a page fraction.
 */
export function layoutOf(lines: readonly PrintedLine[], wordHeight = 0.012): DocumentLayout {
  const words: LayoutWord[] = [];
  lines.forEach((line, index) => {
    let x = line.x;
    for (const text of line.text.split(" ")) {
      const w = text.length * 0.008;
      words.push({ t: text, x, y: line.y, w, h: wordHeight, l: index, b: index });
      x += w + 0.006;
    }
  });
  return { pages: [{ n: 1, words }] };
}
