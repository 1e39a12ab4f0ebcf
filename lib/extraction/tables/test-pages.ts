import { buildPage, type RawWord } from "../layout/build-page";
import type { PageModel } from "../types";

/** Test fixtures: printed lines laid out as a PDF's text layer gives them (points from the top-left). */

/** A cell: its text and x in points; numbers are given by their right edge, as tables print them. */
export type Cell = [text: string, x: number, align?: "right"];

const CHAR_W = 5;

/** Words of one printed line at y (points from the top), `size` points high. */
export function line(y: number, ...cells: Cell[]): RawWord[] {
  return sizedLine(10, y, ...cells);
}

export function sizedLine(size: number, y: number, ...cells: Cell[]): RawWord[] {
  const charW = (CHAR_W * size) / 10;
  return cells.flatMap(([text, x, align]) => {
    let cursor = align === "right" ? x - text.length * charW : x;
    return text.split(" ").map((t) => {
      const word = { text: t, x: cursor, y, w: t.length * charW, h: size, confidence: 1 };
      cursor += (t.length + 1) * charW;
      return word;
    });
  });
}

export function pages(...lines: RawWord[][][]): PageModel {
  return { pages: lines.map((page, i) => buildPage(i + 1, 595, 842, "text-layer", page.flat())) };
}
