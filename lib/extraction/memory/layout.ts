import type { Box, PageModel } from "../types";
import type { DocumentLayout, LayoutPage, LayoutWord } from "./types";

/** Enough for any invoice or receipt; a 2,000-page upload keeps its first pages only. */
const MAX_PAGES = 10;
const MAX_WORDS_PER_PAGE = 4000;

const round = (value: number) => Math.round(value * 10000) / 10000;

/** The page model reduced to words with their boxes, phrase and block: what teaching needs later. */
export function compactLayout(model: PageModel): DocumentLayout {
  return {
    pages: model.pages.slice(0, MAX_PAGES).map((page) => {
      const words: LayoutWord[] = [];
      let lineIndex = 0;
      page.blocks.forEach((block, blockIndex) => {
        for (const line of block.lines) {
          for (const word of line.words) {
            if (words.length >= MAX_WORDS_PER_PAGE) break;
            words.push({ t: word.text, x: round(word.box.x), y: round(word.box.y), w: round(word.box.w), h: round(word.box.h), l: lineIndex, b: blockIndex });
          }
          lineIndex += 1;
        }
      });
      return page.rotation ? { n: page.number, words, r: page.rotation } : { n: page.number, words };
    }),
  };
}

/** A phrase of a stored page: its words left to right and its box. */
export type LayoutLine = { page: number; index: number; block: number; words: LayoutWord[]; box: Box };

export function linesOf(page: LayoutPage): LayoutLine[] {
  const byLine = new Map<number, LayoutWord[]>();
  for (const word of page.words) {
    const list = byLine.get(word.l) ?? [];
    list.push(word);
    byLine.set(word.l, list);
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, words]) => {
      const sorted = [...words].sort((a, b) => a.x - b.x);
      return { page: page.n, index, block: sorted[0]!.b, words: sorted, box: unionBox(sorted) };
    });
}

export function unionBox(words: ReadonlyArray<Box>): Box {
  const x0 = Math.min(...words.map((w) => w.x));
  const y0 = Math.min(...words.map((w) => w.y));
  const x1 = Math.max(...words.map((w) => w.x + w.w));
  const y1 = Math.max(...words.map((w) => w.y + w.h));
  return { x: round(x0), y: round(y0), w: round(x1 - x0), h: round(y1 - y0) };
}

/** Whether two boxes share a row: their vertical extents overlap by half the smaller height. */
export function sameRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return overlap >= 0.5 * Math.min(a.h, b.h);
}

export const textOf = (words: ReadonlyArray<LayoutWord>) => words.map((word) => word.t).join(" ");

/** The words as printed over lines: a space between words of a line, a line break where the print broke lines. */
export const printedText = (words: ReadonlyArray<LayoutWord>) => words.map((word, index) => (index > 0 ? (word.l === words[index - 1]!.l ? " " : "\n") : "") + word.t).join("");

/**
 * Whether `next` continues the text of `previous` on the line below: the same block, or (OCR often cuts a centred
 * receipt header into one block per line) printed right under it, overlapping it across the page.
 */
export function continuesBelow(previous: LayoutLine, next: LayoutLine): boolean {
  if (next.block === previous.block) return true;
  const height = Math.max(previous.box.h, next.box.h);
  const gap = next.box.y - (previous.box.y + previous.box.h);
  const overlaps = next.box.x < previous.box.x + previous.box.w && next.box.x + next.box.w > previous.box.x;
  return overlaps && gap >= -0.3 * height && gap <= 0.8 * height;
}
