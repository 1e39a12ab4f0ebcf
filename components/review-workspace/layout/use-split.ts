"use client";

import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { clampSplit, readStoredSplit, SPLIT_MAX, SPLIT_MIN, SPLIT_STORAGE_KEY, splitFromPointer } from "./split-width";
import { useStoredSetting } from "./use-stored-setting";

/**
 * The draggable divider between the document and the data: a pointer drag or the arrow keys (Home/End for the
 * bounds) move it; the width is remembered in the browser.
 */
export function useSplit(containerRef: RefObject<HTMLElement | null>) {
  const [stored, store] = useStoredSetting(SPLIT_STORAGE_KEY);
  // While dragging, the width follows the pointer without writing storage on every move.
  const [dragged, setDragged] = useState<number | null>(null);
  const dragging = useRef(false);
  const percent = dragged ?? readStoredSplit(stored);
  const moveTo = (next: number) => store(String(clampSplit(next)));

  const separatorProps = {
    role: "separator" as const,
    tabIndex: 0,
    "aria-orientation": "vertical" as const,
    "aria-label": "Resize the data panel",
    "aria-valuemin": SPLIT_MIN,
    "aria-valuemax": SPLIT_MAX,
    "aria-valuenow": percent,
    "aria-valuetext": `Data panel ${percent}% of the width`,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      dragging.current = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const box = containerRef.current?.getBoundingClientRect();
      if (!dragging.current || !box) return;
      setDragged(splitFromPointer(event.clientX, box.left, box.width));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const box = containerRef.current?.getBoundingClientRect();
      dragging.current = false;
      setDragged(null);
      if (box) moveTo(splitFromPointer(event.clientX, box.left, box.width));
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = event.shiftKey ? 10 : 2;
      const moves: Record<string, number> = { ArrowLeft: percent + step, ArrowRight: percent - step, Home: SPLIT_MAX, End: SPLIT_MIN };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      moveTo(next);
    },
  };
  return { percent, separatorProps };
}
