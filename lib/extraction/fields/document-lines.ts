import { pageLines } from "../layout/build-page";
import type { Box, Line, PageModel, SourceBox, Word } from "../types";
import { oneLetterOff } from "../normalise/letter-slips";
import { normaliseToken } from "./text-tokens";
import { findAmounts, type FoundAmount } from "../../normalise/amounts";
import { memoPerOwner } from "./memo";

/** A line of the document with its page and pre-normalised word tokens, the unit label matching works on. */
export type DocLine = {
  index: number;
  page: number;
  text: string;
  box: Box;
  words: Word[];
  tokens: string[];
};

export function documentLines(model: PageModel): DocLine[] {
  const out: DocLine[] = [];
  for (const page of model.pages) {
    for (const line of pageLines(page)) {
      out.push({ index: out.length, page: page.number, text: line.text, box: line.box, words: line.words, tokens: line.words.map(wordToken) });
    }
  }
  return out;
}

/**
 * The word that labels a receipt's total, as OCR misreads it on thermal paper ("Tatal :", "Totel (RM)", "T0tal"):
 * a word read (not from a text layer) one letter off "total", starting with its t, is that label.
 */
function wordToken(word: Word): string {
  const token = normaliseToken(word.text);
  if (word.confidence >= 1 || token.length !== 5 || token[0] !== "t") return token;
  const letters = token.replace(/0/g, "o").replace(/1/g, "l");
  return letters === "total" || oneLetterOff(letters, "total") ? "total" : token;
}

const linesByPageOf = memoPerOwner<readonly DocLine[], ReadonlyMap<number, readonly DocLine[]>>();

/**
 * The document's lines grouped by page, in document order, found once per document: row and neighbour searches
 * (a line's row mates, the line under a label) stay within one page. Shared: callers only read it.
 */
export function docLinesByPage(lines: readonly DocLine[]): ReadonlyMap<number, readonly DocLine[]> {
  return linesByPageOf(lines, () => {
    const byPage = new Map<number, DocLine[]>();
    for (const line of lines) {
      const onPage = byPage.get(line.page);
      if (onPage) onPage.push(line);
      else byPage.set(line.page, [line]);
    }
    return byPage;
  });
}

/** The lines of one page of the document, in document order (a search within a page reads only them). */
export function linesOnPage(lines: readonly DocLine[], page: number): readonly DocLine[] {
  return docLinesByPage(lines).get(page) ?? [];
}

const amountsByLine = memoPerOwner<DocLine, readonly FoundAmount[]>();

/**
 * The amounts printed on a line (read without a decimal hint), found once per line: the total checks (rounding,
 * included tax, tender, reconciliation) each scan every line of the document. Shared: callers only read it.
 */
export function lineAmounts(line: DocLine): readonly FoundAmount[] {
  return amountsByLine(line, () => findAmounts(line.text));
}

export function unionBox(boxes: Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const x2 = Math.max(...boxes.map((b) => b.x + b.w));
  const y2 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: x2 - x, h: y2 - y };
}

export function wordsSource(page: number, words: Word[]): SourceBox {
  return { page, ...unionBox(words.map((w) => w.box)) };
}

export function lineSource(line: DocLine | Line, page: number): SourceBox {
  return { page, ...line.box };
}

/** Same visual row: vertical centres within half a line height. */
export function sameRow(a: Box, b: Box): boolean {
  const ca = a.y + a.h / 2;
  const cb = b.y + b.h / 2;
  return Math.abs(ca - cb) < Math.max(Math.min(a.h, b.h) * 0.6, 0.002);
}
