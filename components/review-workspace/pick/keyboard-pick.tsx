"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { Rect } from "../geometry";
import { cursorLayout, cursorMoveFor, cursorSelection, moveCursor, startCursor, type Cursor } from "./keyboard-cursor";
import type { PickWord } from "./phrases";
import { RectOverlay } from "./rect-overlay";

/**
 * Picking from the page without a pointer: a cursor over the page's words takes focus; the arrows move it phrase by
 * phrase (Shift+→/← grow or shrink it word by word), Enter fills the value with what it covers, Escape gives up.
 * Either way focus goes back to the value (the viewer's `onDone`).
 */
export function KeyboardPick({ words, near, targetLabel, onPick, onDone }: {
  words: PickWord[];
  /** The focused value's source on this page (slot fractions), where the cursor starts. */
  near: Rect | null;
  targetLabel: string;
  onPick: (text: string) => void;
  onDone: () => void;
}) {
  const layout = useMemo(() => cursorLayout(words), [words]);
  // Until the reviewer moves it, the cursor sits at its start, which the words may still change (a text layer
  // drawn after picking began).
  const [moved, setCursor] = useState<Cursor | null>(null);
  const cursor = moved && layout.lines[moved.line] ? moved : startCursor(layout, near);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  const selection = cursor ? cursorSelection(layout, cursor) : null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = cursorMoveFor(event);
    if (move && cursor) {
      event.preventDefault();
      event.stopPropagation();
      setCursor(moveCursor(layout, cursor, move));
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      if (selection) onPick(selection.text);
      onDone();
    } else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  }

  return (
    <div
      ref={ref}
      tabIndex={0}
      role="application"
      aria-roledescription="page picker"
      aria-label={`Pick from the page for “${targetLabel}”: arrow keys move, Shift and arrows grow, Enter fills, Escape cancels`}
      onKeyDown={onKeyDown}
      onBlur={onDone}
      className="absolute inset-0 z-30 outline-2 outline-offset-[-2px] outline-accent"
    >
      {selection ? <RectOverlay rect={selection.rect} className="-m-0.5 rounded-sm border-2 border-accent bg-accent/25 p-0.5" testId="keyboard-pick-cursor" /> : null}
      <p aria-live="polite" className="sr-only">
        {selection ? selection.text : "No text on this page"}
      </p>
    </div>
  );
}
