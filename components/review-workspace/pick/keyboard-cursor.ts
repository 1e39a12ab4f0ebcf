import type { Rect } from "../geometry";
import { linesOf, phrasesOf, selectionOf, type PickSelection, type PickWord } from "./phrases";

/**
 * Picking from the page with the keyboard: a cursor over the page's words. ←/→ go phrase by phrase (on to the
 * next line at the end of one), ↑/↓ to the phrase above or below, Shift+→/← grow or shrink the cursor word by
 * word. Positions are word positions within a line (lines as `linesOf` orders them). Pure, so it is unit-tested.
 */
export type Cursor = { line: number; from: number; to: number };
export type CursorMove = "left" | "right" | "up" | "down" | "grow" | "shrink";

type Layout = { words: readonly PickWord[]; lines: number[][] };

export function cursorLayout(words: readonly PickWord[]): Layout {
  return { words, lines: linesOf(words) };
}

/** The phrases of a line as [from, to] word positions. */
function phraseSpans(layout: Layout, line: number): Array<[number, number]> {
  const indices = layout.lines[line] ?? [];
  let position = 0;
  return phrasesOf(layout.words, indices).map((phrase) => {
    const span: [number, number] = [position, position + phrase.length - 1];
    position += phrase.length;
    return span;
  });
}

const centreX = (rect: Rect) => (rect.left + rect.right) / 2;

function spanCentre(layout: Layout, line: number, [from, to]: [number, number]): number {
  const indices = layout.lines[line]!.slice(from, to + 1);
  return (centreX(layout.words[indices[0]!]!.rect) + centreX(layout.words[indices.at(-1)!]!.rect)) / 2;
}

/** Where the cursor starts: the phrase nearest a box (the focused value's source), else the first phrase. */
export function startCursor(layout: Layout, near: Rect | null): Cursor | null {
  if (layout.lines.length === 0) return null;
  let best: { cursor: Cursor; distance: number } | null = null;
  layout.lines.forEach((_line, line) => {
    for (const span of phraseSpans(layout, line)) {
      const cursor = { line, from: span[0], to: span[1] };
      if (!near) return;
      const rect = selectionOf(layout.words, layout.lines[line]!.slice(span[0], span[1] + 1))?.rect;
      if (!rect) continue;
      const distance = Math.hypot(centreX(rect) - centreX(near), (rect.top + rect.bottom) / 2 - (near.top + near.bottom) / 2);
      if (!best || distance < best.distance) best = { cursor, distance };
    }
  });
  const first = phraseSpans(layout, 0)[0]!;
  return (best as { cursor: Cursor } | null)?.cursor ?? { line: 0, from: first[0], to: first[1] };
}

export function moveCursor(layout: Layout, cursor: Cursor, move: CursorMove): Cursor {
  const lineLength = layout.lines[cursor.line]?.length ?? 0;
  switch (move) {
    case "grow":
      return { ...cursor, to: Math.min(lineLength - 1, cursor.to + 1) };
    case "shrink":
      return { ...cursor, to: Math.max(cursor.from, cursor.to - 1) };
    case "right": {
      const next = phraseSpans(layout, cursor.line).find(([from]) => from > cursor.to);
      if (next) return { line: cursor.line, from: next[0], to: next[1] };
      if (cursor.line + 1 >= layout.lines.length) return cursor;
      const first = phraseSpans(layout, cursor.line + 1)[0]!;
      return { line: cursor.line + 1, from: first[0], to: first[1] };
    }
    case "left": {
      const previous = phraseSpans(layout, cursor.line).filter(([, to]) => to < cursor.from).at(-1);
      if (previous) return { line: cursor.line, from: previous[0], to: previous[1] };
      if (cursor.line === 0) return cursor;
      const last = phraseSpans(layout, cursor.line - 1).at(-1)!;
      return { line: cursor.line - 1, from: last[0], to: last[1] };
    }
    case "up":
    case "down": {
      const line = cursor.line + (move === "up" ? -1 : 1);
      if (line < 0 || line >= layout.lines.length) return cursor;
      const x = spanCentre(layout, cursor.line, [cursor.from, cursor.to]);
      const spans = phraseSpans(layout, line);
      const nearest = [...spans].sort((a, b) => Math.abs(spanCentre(layout, line, a) - x) - Math.abs(spanCentre(layout, line, b) - x))[0]!;
      return { line, from: nearest[0], to: nearest[1] };
    }
  }
}

/** What the cursor covers, as a pick. */
export function cursorSelection(layout: Layout, cursor: Cursor): PickSelection | null {
  return selectionOf(layout.words, (layout.lines[cursor.line] ?? []).slice(cursor.from, cursor.to + 1));
}

/** The move a key makes, or null for keys the cursor leaves alone. */
export function cursorMoveFor(event: { key: string; shiftKey: boolean }): CursorMove | null {
  if (event.key === "ArrowRight") return event.shiftKey ? "grow" : "right";
  if (event.key === "ArrowLeft") return event.shiftKey ? "shrink" : "left";
  if (event.key === "ArrowUp") return "up";
  if (event.key === "ArrowDown") return "down";
  return null;
}
