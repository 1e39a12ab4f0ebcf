"use client";

import { useCallback, useEffect, useState } from "react";

/** The content-box width of an element: its client width (no border, no scrollbar) less its horizontal padding. */
export function contentWidth(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  return Math.max(0, Math.floor(element.clientWidth - padding));
}

/**
 * An element (through the returned ref) and its content width, kept current as it resizes (the pages' fit-width
 * follows the pane). The width is read the moment the element is attached, not only when the ResizeObserver first
 * reports: its first report comes a frame later, and page 1 (which waits for the width to draw at its displayed size)
 * would wait with it.
 */
export function useMeasuredElement<T extends HTMLElement>(): { element: T | null; ref: (element: T | null) => void; width: number } {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((next: T | null) => {
    setElement(next);
    if (next) setWidth(contentWidth(next));
  }, []);
  useEffect(() => {
    if (!element) return;
    // Measured the same way each time: a width rounded differently would change the scale by a hair and redraw.
    const observer = new ResizeObserver(() => setWidth(contentWidth(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { element, ref, width };
}

/** The content size of an element, kept current as it resizes (an image's fit-page follows the pane). */
export function useElementSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
