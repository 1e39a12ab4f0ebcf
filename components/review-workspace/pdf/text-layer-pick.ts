"use client";

import { centreInside, readingOrder, type Rect } from "../geometry";

/**
 * Reading words off pdf.js's text layer: transparent spans laid exactly over the painted text. A span is a
 * whole run of text ("Invoice Number: INV-7"), so words are found inside it with DOM ranges.
 */
type Caret = { node: Node; offset: number };

function caretAt(x: number, y: number): Caret | null {
  if (typeof document.caretPositionFromPoint === "function") {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** Punctuation that ends a label rather than belonging to a value (`Total:` `EUR,`). */
function tidy(word: string): string {
  return word.replace(/[:;,]+$/, "");
}

/** The word under a point of the page, if the point is on text. */
export function wordAtPoint(textLayer: Element, x: number, y: number): string | null {
  const caret = caretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE || !textLayer.contains(caret.node)) return null;
  const text = caret.node.textContent ?? "";
  // The caret sits between characters: a click on a word's right half reports the offset after it.
  let start = Math.min(caret.offset, text.length);
  if (start > 0 && (start === text.length || /\s/.test(text[start]!)) && /\S/.test(text[start - 1]!)) start -= 1;
  if (!/\S/.test(text[start] ?? "")) return null;
  let end = start;
  while (start > 0 && /\S/.test(text[start - 1]!)) start -= 1;
  while (end < text.length && /\S/.test(text[end]!)) end += 1;
  // The caret can land on the nearest text even when the point is beside it: only take words under the point.
  const range = document.createRange();
  range.setStart(caret.node, start);
  range.setEnd(caret.node, end);
  const box = range.getBoundingClientRect();
  const slack = 4;
  if (x < box.left - slack || x > box.right + slack || y < box.top - slack || y > box.bottom + slack) return null;
  return tidy(text.slice(start, end)) || null;
}

/** The words whose centre lies inside a rectangle (viewport coordinates), in reading order. */
export function wordsInRect(textLayer: Element, area: Rect): string {
  const walker = document.createTreeWalker(textLayer, NodeFilter.SHOW_TEXT);
  const words: { text: string; rect: Rect }[] = [];
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent) continue;
    // Skip runs that are nowhere near the area before measuring their words.
    const run = parent.getBoundingClientRect();
    if (run.right < area.left || run.left > area.right || run.bottom < area.top || run.top > area.bottom) continue;
    const text = node.textContent ?? "";
    for (const match of text.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const box = range.getBoundingClientRect();
      if (centreInside(box, area)) words.push({ text: match[0], rect: { left: box.left, top: box.top, right: box.right, bottom: box.bottom } });
    }
  }
  return readingOrder(words);
}
