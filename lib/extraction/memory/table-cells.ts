import { parseAmount } from "../../normalise/amounts";
import { parseDate } from "../../normalise/dates";
import type { Scalar } from "../types";
import { textOf } from "./layout";
import type { ColumnEvidence, LayoutWord } from "./types";

const NUMBER_SLACK = 0.02;
const TEXT_SLACK = 0.01;

/** A printed word stands in a taught column: a figure by its centre, a text from the band's start to the next column. */
export function inColumn(word: LayoutWord, column: ColumnEvidence, nextColumnStart: number): boolean {
  if (column.type === "number" || column.type === "currency") {
    const centre = word.x + word.w / 2;
    return centre >= column.x0 - NUMBER_SLACK && centre <= column.x1 + NUMBER_SLACK;
  }
  return word.x >= column.x0 - TEXT_SLACK && word.x + word.w <= Math.max(column.x1, nextColumnStart) + TEXT_SLACK / 2;
}

/** A cell as its column's type reads the words printed in its band (a figure of at most three words). */
export function readCell(column: ColumnEvidence, words: LayoutWord[]): Scalar {
  if (words.length === 0) return null;
  const text = textOf(words);
  if (column.type === "number" || column.type === "currency") return words.length <= 3 ? parseAmount(text) : null;
  if (column.type === "date") return parseDate(text);
  return text.trim() || null;
}
