"use client";

import { useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { isDrag, rectBetween, type Rect } from "../geometry";
import { clickMode, pickAtPoint, pickInArea, rowCellsInArea, type PickSelection, type PickWord, type RowCell } from "./phrases";

export type PickHandlers = {
  /** Fills the value being picked for. */
  onPick: (text: string) => void;
  /** A box over one line of a table row, when a table cell is being picked for: fills the row by column. */
  onPickRow?: (cells: RowCell[]) => boolean;
};

/**
 * Picking off one page slot: a click takes the phrase under the pointer (Alt: one word; Shift: extends the last
 * pick), a drag takes every word inside the box, or a table row when a cell is being filled. While picking is on,
 * pressing on the page neither selects text nor moves focus, so the value being filled keeps focus and the
 * reviewer can go on typing. Coordinates are fractions of the slot, as `wordsOf` gives the words.
 */
export function usePagePick(options: { enabled: boolean; wordsOf: (slot: HTMLElement) => PickWord[] } & PickHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [dragging, setDragging] = useState<Rect | null>(null);
  const [picked, setPicked] = useState<PickSelection | null>(null);

  function fraction(element: HTMLElement, event: { clientX: number; clientY: number }): { x: number; y: number } {
    const origin = element.getBoundingClientRect();
    return { x: (event.clientX - origin.left) / (origin.width || 1), y: (event.clientY - origin.top) / (origin.height || 1) };
  }

  return {
    /** The area being dragged, and what was picked last (both in slot fractions), to draw on the page. */
    dragging,
    picked: options.enabled ? picked : null,
    handlers: options.enabled
      ? {
          onMouseDown: (event: MouseEvent<HTMLElement>) => {
            if (event.button === 0) event.preventDefault();
          },
          onPointerDown: (event: PointerEvent<HTMLElement>) => {
            if (event.button !== 0) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            start.current = { x: event.clientX, y: event.clientY };
          },
          onPointerMove: (event: PointerEvent<HTMLElement>) => {
            if (!start.current) return;
            const rect = rectBetween(start.current, { x: event.clientX, y: event.clientY });
            if (!isDrag(rect)) return setDragging(null);
            const a = fraction(event.currentTarget, { clientX: rect.left, clientY: rect.top });
            const b = fraction(event.currentTarget, { clientX: rect.right, clientY: rect.bottom });
            setDragging({ left: a.x, top: a.y, right: b.x, bottom: b.y });
          },
          onPointerUp: (event: PointerEvent<HTMLElement>) => {
            const from = start.current;
            start.current = null;
            setDragging(null);
            if (!from) return;
            const words = options.wordsOf(event.currentTarget);
            const screenRect = rectBetween(from, { x: event.clientX, y: event.clientY });
            let selection: PickSelection | null;
            if (isDrag(screenRect)) {
              const a = fraction(event.currentTarget, { clientX: screenRect.left, clientY: screenRect.top });
              const b = fraction(event.currentTarget, { clientX: screenRect.right, clientY: screenRect.bottom });
              const area = { left: a.x, top: a.y, right: b.x, bottom: b.y };
              const cells = options.onPickRow ? rowCellsInArea(words, area) : null;
              if (cells && options.onPickRow?.(cells)) {
                setPicked(pickInArea(words, area));
                return;
              }
              selection = pickInArea(words, area);
            } else {
              selection = pickAtPoint(words, fraction(event.currentTarget, event), clickMode(event), picked);
            }
            if (!selection) return;
            setPicked(selection);
            options.onPick(selection.text);
          },
          onPointerCancel: () => {
            start.current = null;
            setDragging(null);
          },
        }
      : {},
  };
}
