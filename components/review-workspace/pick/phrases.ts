import type { Rect } from "../geometry";

/**
 * What a click or a drag on a page takes, from the words on it (from pdf.js's text layer or the engine's page
 * model; any coordinates, as long as all words and points share them). Pure, so it is unit-tested.
 *
 * Words are grouped into lines (vertical centres within half a line height), lines into phrases ("line
 * segments"): a phrase ends at a wide gap (a column boundary, more than GAP_FACTOR line heights) or after a
 * label (a word ending in a colon). A click takes the phrase under the pointer ("Global Wholesaler", not
 * "Wholesaler"), Alt-click one word, Shift-click extends the last pick to the clicked word.
 */
export type PickWord = {
  text: string;
  rect: Rect;
  /**
   * The phrase the engine read the word in (the words API's `line`), for words of the engine's page model. Where
   * both words carry one it decides the phrase, so a click takes what the engine's values are made of; the gap
   * rule below is for words without one (pdf.js's text layer). OCR boxes are tight to the ink, so a gap measured
   * on them against one threshold sat within a few pixels of it and split "Global Wholesaler" on one machine and
   * not on another.
   */
  phrase?: number;
};

/** A picked run of words: indices into the page's word list, in reading order. */
export type PickSelection = { indices: number[]; text: string; rect: Rect };

/** A gap wider than this many line heights separates two phrases (a normal space is about a quarter). */
const GAP_FACTOR = 1.1;
/** How far (in line heights) beside a word a click still counts as on it. */
const SLACK_FACTOR = 0.25;

const height = (rect: Rect) => rect.bottom - rect.top;
const centreY = (rect: Rect) => (rect.top + rect.bottom) / 2;

/** Punctuation that ends a label rather than belonging to a value (`Total:` `EUR,`). */
export function tidyPick(text: string): string {
  return text.replace(/[:;,]+$/, "").trim();
}

/** Lines of the page top to bottom, each a list of word indices left to right. */
export function linesOf(words: readonly PickWord[]): number[][] {
  const order = words.map((_word, index) => index).sort((a, b) => words[a]!.rect.top - words[b]!.rect.top || words[a]!.rect.left - words[b]!.rect.left);
  const lines: number[][] = [];
  for (const index of order) {
    const centre = centreY(words[index]!.rect);
    const line = lines.find((candidate) => {
      const first = words[candidate[0]!]!.rect;
      return Math.abs(centreY(first) - centre) <= Math.max(height(first), height(words[index]!.rect)) / 2;
    });
    if (line) line.push(index);
    else lines.push([index]);
  }
  for (const line of lines) line.sort((a, b) => words[a]!.rect.left - words[b]!.rect.left);
  return lines.sort((a, b) => centreY(words[a[0]!]!.rect) - centreY(words[b[0]!]!.rect));
}

/** A line cut into phrases at wide gaps and after labels. */
export function phrasesOf(words: readonly PickWord[], line: readonly number[]): number[][] {
  const phrases: number[][] = [];
  let current: number[] = [];
  for (const index of line) {
    const previous = current.at(-1);
    if (previous !== undefined) {
      const before = words[previous]!;
      const word = words[index]!;
      if (/:$/.test(before.text) || startsPhrase(before, word)) {
        phrases.push(current);
        current = [];
      }
    }
    current.push(index);
  }
  if (current.length > 0) phrases.push(current);
  return phrases;
}

/** Whether `word`, following `before` on a line, begins a new phrase: the engine's phrases, else a wide gap. */
function startsPhrase(before: PickWord, word: PickWord): boolean {
  if (before.phrase !== undefined && word.phrase !== undefined) return before.phrase !== word.phrase;
  const lineHeight = Math.max(height(before.rect), height(word.rect));
  return word.rect.left - before.rect.right > GAP_FACTOR * lineHeight;
}

/** The word under a point, with a little slack around each word; the closest one when several are near. */
export function wordAt(words: readonly PickWord[], point: { x: number; y: number }): number | null {
  let best: { index: number; distance: number } | null = null;
  words.forEach((word, index) => {
    const slack = SLACK_FACTOR * height(word.rect);
    const dx = Math.max(word.rect.left - point.x, 0, point.x - word.rect.right);
    const dy = Math.max(word.rect.top - point.y, 0, point.y - word.rect.bottom);
    if (dx > slack || dy > slack) return;
    const distance = Math.hypot(dx, dy);
    if (!best || distance < best.distance) best = { index, distance };
  });
  return (best as { index: number } | null)?.index ?? null;
}

function unionRect(words: readonly PickWord[], indices: readonly number[]): Rect {
  const rects = indices.map((index) => words[index]!.rect);
  return {
    left: Math.min(...rects.map((rect) => rect.left)),
    top: Math.min(...rects.map((rect) => rect.top)),
    right: Math.max(...rects.map((rect) => rect.right)),
    bottom: Math.max(...rects.map((rect) => rect.bottom)),
  };
}

/** The words as text, in reading order (line by line), without a trailing label colon. */
export function selectionOf(words: readonly PickWord[], indices: readonly number[]): PickSelection | null {
  if (indices.length === 0) return null;
  const chosen = new Set(indices);
  return selectionInOrder(words, linesOf(words).flat().filter((index) => chosen.has(index)));
}

/** The words as text in the order given, without a trailing label colon. */
function selectionInOrder(words: readonly PickWord[], ordered: readonly number[]): PickSelection | null {
  const text = tidyPick(ordered.map((index) => words[index]!.text).join(" ").replace(/\s+/g, " "));
  return text ? { indices: [...ordered], text, rect: unionRect(words, ordered) } : null;
}

export type ClickMode = "phrase" | "word" | "extend";

/** How a click reads its modifier keys: Alt takes one word, Shift extends the last pick. */
export function clickMode(event: { altKey: boolean; shiftKey: boolean }): ClickMode {
  if (event.shiftKey) return "extend";
  return event.altKey ? "word" : "phrase";
}

/**
 * What a click at `point` picks. `previous` is the last pick on the same page: Shift-click extends it to the
 * clicked word, through every word between them in reading order (without one, it picks the phrase).
 */
export function pickAtPoint(words: readonly PickWord[], point: { x: number; y: number }, mode: ClickMode, previous: PickSelection | null = null): PickSelection | null {
  const hit = wordAt(words, point);
  if (hit === null) return null;
  if (mode === "word") return selectionOf(words, [hit]);
  const lines = linesOf(words);
  if (mode === "extend" && previous && previous.indices.length > 0) {
    const order = lines.flat();
    const positions = [...previous.indices, hit].map((index) => order.indexOf(index)).filter((position) => position >= 0);
    const from = Math.min(...positions);
    const to = Math.max(...positions);
    return selectionOf(words, order.slice(from, to + 1));
  }
  const enginePhrase = enginePhraseOf(words, hit);
  if (enginePhrase) return selectionInOrder(words, enginePhrase);
  for (const line of lines) {
    if (!line.includes(hit)) continue;
    const phrase = phrasesOf(words, line).find((candidate) => candidate.includes(hit));
    return selectionOf(words, phrase ?? [hit]);
  }
  return selectionOf(words, [hit]);
}

/**
 * The engine's phrase around a word that carries one: every word of that phrase, wherever its box sits. A phrase
 * read from a slightly tilted photo can have boxes whose centres drift more than half a line apart, which the
 * visual line grouping splits; the engine's own grouping does not drift. A label's colon still ends the pick.
 */
function enginePhraseOf(words: readonly PickWord[], hit: number): number[] | null {
  const phrase = words[hit]!.phrase;
  if (phrase === undefined) return null;
  const members = words.flatMap((word, index) => (word.phrase === phrase ? [index] : [])).sort((a, b) => words[a]!.rect.left - words[b]!.rect.left);
  return phrasesOf(words, members).find((candidate) => candidate.includes(hit)) ?? [hit];
}

/** Whether a word's centre lies inside an area: half-covered words at the edge count once. */
function centreInside(rect: Rect, area: Rect): boolean {
  const x = (rect.left + rect.right) / 2;
  const y = centreY(rect);
  return x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
}

/** The words a dragged box covers, in reading order. */
export function pickInArea(words: readonly PickWord[], area: Rect): PickSelection | null {
  return selectionOf(
    words,
    words.flatMap((word, index) => (centreInside(word.rect, area) ? [index] : [])),
  );
}

/** A phrase of a row region: its text and horizontal extent. */
export type RowCell = { text: string; left: number; right: number };

/**
 * A dragged box read as one table row: the phrases of its words when they sit on one line and there are at least
 * two of them (otherwise it is a plain value, e.g. a two-line description), else null.
 */
export function rowCellsInArea(words: readonly PickWord[], area: Rect): RowCell[] | null {
  const inside = words.flatMap((word, index) => (centreInside(word.rect, area) ? [index] : []));
  if (inside.length < 2) return null;
  const subset = inside.map((index) => words[index]!);
  const lines = linesOf(subset);
  if (lines.length !== 1) return null;
  const phrases = phrasesOf(subset, lines[0]!);
  if (phrases.length < 2) return null;
  return phrases.flatMap((phrase) => {
    const selection = selectionOf(subset, phrase);
    return selection ? [{ text: selection.text, left: selection.rect.left, right: selection.rect.right }] : [];
  });
}
