import type { Block, Box, Line, Page, Word } from "../types";

/**
 * A word in absolute page units (points or pixels), origin top-left, before normalisation to fractions; `least` is the
 * lowest probability the reader gave one of its letters or digits, when it says (PP-OCR).
 */
export type RawWord = { text: string; x: number; y: number; w: number; h: number; confidence: number; least?: number };

type RawLine = { words: RawWord[]; x: number; y: number; x2: number; y2: number };

/** Words whose vertical centres are this close (relative to their height) sit on the same visual row. */
const ROW_TOLERANCE = 0.45;
/** A horizontal gap wider than this many word-heights separates two phrases (columns, label/value pairs).
 * OCR word boxes are tighter and receipts are letter-spaced, so OCR needs a wider gap. */
const PHRASE_GAP: Record<Page["source"], number> = { "text-layer": 1.1, ocr: 1.8, mixed: 1.1, text: 1.1 };

const clamp = (v: number) => Math.min(1, Math.max(0, v));

function toBox(x: number, y: number, w: number, h: number, pageW: number, pageH: number): Box {
  const bx = clamp(x / pageW);
  const by = clamp(y / pageH);
  return { x: bx, y: by, w: clamp((x + w) / pageW) - bx, h: clamp((y + h) / pageH) - by };
}

type Row<W extends RawWord> = { centre: number; height: number; words: W[] };

/** Groups words into visual rows (same baseline band), each sorted left to right. */
export function groupRows<W extends RawWord>(words: W[]): W[][] {
  const sorted = words.filter((w) => w.text.trim() !== "").sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2));
  const rows: Array<Row<W>> = [];
  // Words come top to bottom and a row's centre moves only when it takes a word, so a row whose centre lies
  // farther above the current word than the tallest word's tolerance can never take another word. It leaves
  // `open`, which keeps creation order: each word still joins the first row that fits, as when every word was
  // compared with every row before it.
  const reach = ROW_TOLERANCE * sorted.reduce((max, w) => Math.max(max, w.h), 0);
  const open: Array<Row<W>> = [];
  for (const word of sorted) {
    const centre = word.y + word.h / 2;
    let row: Row<W> | undefined;
    // The rows still open, kept in place in their order (no new list per word).
    let kept = 0;
    for (const r of open) {
      if (centre - r.centre > reach) continue;
      open[kept] = r;
      kept += 1;
      if (!row && Math.abs(r.centre - centre) <= ROW_TOLERANCE * Math.min(r.height, word.h)) row = r;
    }
    open.length = kept;
    if (row) {
      row.words.push(word);
      row.centre = (row.centre * (row.words.length - 1) + centre) / row.words.length;
      row.height = Math.max(row.height, word.h);
    } else {
      const created = { centre, height: word.h, words: [word] };
      rows.push(created);
      open.push(created);
    }
  }
  rows.sort((a, b) => a.centre - b.centre);
  return rows.map((r) => r.words.sort((a, b) => a.x - b.x));
}

function splitPhrases(row: RawWord[], phraseGap: number): RawLine[] {
  const phrases: RawLine[] = [];
  let current: RawWord[] = [];
  for (const word of row) {
    const prev = current[current.length - 1];
    if (prev && word.x - (prev.x + prev.w) > phraseGap * Math.max(prev.h, word.h)) {
      phrases.push(toRawLine(current));
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) phrases.push(toRawLine(current));
  return phrases;
}

function toRawLine(words: RawWord[]): RawLine {
  // One pass over the words (every line of every page goes through here), no list per edge.
  let x = Infinity;
  let y = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const w of words) {
    x = Math.min(x, w.x);
    y = Math.min(y, w.y);
    x2 = Math.max(x2, w.x + w.w);
    y2 = Math.max(y2, w.y + w.h);
  }
  return { words, x, y, x2, y2 };
}

/** Builds the page model: rows split into phrases (lines), stacked phrases with a shared left edge form blocks. */
export function buildPage(
  number: number,
  width: number,
  height: number,
  source: Page["source"],
  words: RawWord[],
): Page {
  const rawLines = groupRows(words).flatMap((row) => splitPhrases(row, PHRASE_GAP[source]));
  const blocks: Array<{ lines: RawLine[] }> = [];
  for (const line of rawLines) {
    const lineH = line.y2 - line.y;
    const block = blocks.find((b) => {
      const last = b.lines[b.lines.length - 1];
      if (!last) return false;
      const gap = line.y - last.y2;
      return gap >= -lineH * 0.3 && gap < lineH * 1.2 && Math.abs(line.x - last.x) < lineH * 1.5;
    });
    if (block) block.lines.push(line);
    else blocks.push({ lines: [line] });
  }
  const toLine = (l: RawLine): Line => {
    const lineWords: Word[] = l.words.map((w) => ({
      text: w.text,
      box: toBox(w.x, w.y, w.w, w.h, width, height),
      confidence: w.confidence,
      ...(w.least === undefined ? {} : { least: w.least }),
    }));
    return { text: l.words.map((w) => w.text).join(" "), box: toBox(l.x, l.y, l.x2 - l.x, l.y2 - l.y, width, height), words: lineWords };
  };
  const outBlocks: Block[] = blocks.map((b) => {
    const x = Math.min(...b.lines.map((l) => l.x));
    const y = Math.min(...b.lines.map((l) => l.y));
    const x2 = Math.max(...b.lines.map((l) => l.x2));
    const y2 = Math.max(...b.lines.map((l) => l.y2));
    return { box: toBox(x, y, x2 - x, y2 - y, width, height), lines: b.lines.map(toLine) };
  });
  outBlocks.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return { number, width, height, source, blocks: outBlocks };
}

/** Reading order per page, sorted once: fields, markdown and the classifier all read it (pages are not mutated). */
const readingOrder = new WeakMap<Page, readonly Line[]>();

/** All lines of a page in reading order (top to bottom, then left to right). */
export function pageLines(page: Page): readonly Line[] {
  let lines = readingOrder.get(page);
  if (!lines) {
    lines = page.blocks
      .flatMap((b) => b.lines)
      .sort((a, b) => {
        const dy = a.box.y + a.box.h / 2 - (b.box.y + b.box.h / 2);
        return Math.abs(dy) < Math.min(a.box.h, b.box.h) * 0.5 ? a.box.x - b.box.x : dy;
      });
    readingOrder.set(page, lines);
  }
  return lines;
}
