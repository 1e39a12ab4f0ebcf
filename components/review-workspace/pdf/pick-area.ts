"use client";

import { useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { isDrag, rectBetween, type Rect } from "../geometry";
import { wordAtPoint, wordsInRect } from "./text-layer-pick";

/**
 * Picking text off a page: a click takes the word under the pointer, a drag takes every word inside the box.
 * While picking is on, pressing on the page neither selects text nor moves focus, so the field being filled
 * keeps focus and the reviewer can go on typing.
 */
export function usePickArea(options: { enabled: boolean; onPick: (text: string) => void }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [selection, setSelection] = useState<Rect | null>(null);

  function relative(element: HTMLElement, rect: Rect): Rect {
    const origin = element.getBoundingClientRect();
    return { left: rect.left - origin.left, top: rect.top - origin.top, right: rect.right - origin.left, bottom: rect.bottom - origin.top };
  }

  return {
    selection,
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
            setSelection(isDrag(rect) ? relative(event.currentTarget, rect) : null);
          },
          onPointerUp: (event: PointerEvent<HTMLElement>) => {
            const from = start.current;
            start.current = null;
            setSelection(null);
            if (!from) return;
            const textLayer = event.currentTarget.querySelector(".textLayer");
            if (!textLayer) return;
            const rect = rectBetween(from, { x: event.clientX, y: event.clientY });
            const text = isDrag(rect) ? wordsInRect(textLayer, rect) : wordAtPoint(textLayer, event.clientX, event.clientY);
            if (text) options.onPick(text);
          },
          onPointerCancel: () => {
            start.current = null;
            setSelection(null);
          },
        }
      : {},
  };
}
