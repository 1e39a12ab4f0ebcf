"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Which pages are near the scrolled viewport (so only those render: a 50-page document costs what two or three
 * pages cost) and which page is most in view (the current page). Pages register their slot elements, which
 * carry `data-page-number`; slots keep their size whether rendered or not, so the scroll height is right.
 */
export function useVisiblePages(root: HTMLElement | null, options: { enabled: boolean; ahead?: string }) {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const [current, setCurrent] = useState(1);
  const slots = useRef(new Map<number, HTMLElement>());
  const nearObserver = useRef<IntersectionObserver | null>(null);
  const viewObserver = useRef<IntersectionObserver | null>(null);
  const ratios = useRef(new Map<number, number>());
  const ahead = options.ahead ?? "100% 0px";

  useEffect(() => {
    if (!root || !options.enabled) return;
    const pageOf = (entry: IntersectionObserverEntry) => Number((entry.target as HTMLElement).dataset.pageNumber);
    nearObserver.current = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            if (entry.isIntersecting) next.add(pageOf(entry));
            else next.delete(pageOf(entry));
          }
          // Same pages: keep the same set, so nothing re-renders.
          return next.size === previous.size && [...next].every((page) => previous.has(page)) ? previous : next;
        }),
      { root, rootMargin: ahead },
    );
    viewObserver.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.current.set(pageOf(entry), entry.isIntersecting ? entry.intersectionRatio : 0);
        let best = 0;
        let bestRatio = 0;
        for (const [page, ratio] of ratios.current) {
          if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && page < best)) {
            best = page;
            bestRatio = ratio;
          }
        }
        if (best > 0) setCurrent(best);
      },
      { root, threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    for (const slot of slots.current.values()) {
      nearObserver.current.observe(slot);
      viewObserver.current.observe(slot);
    }
    return () => {
      nearObserver.current?.disconnect();
      viewObserver.current?.disconnect();
      nearObserver.current = null;
      viewObserver.current = null;
    };
  }, [ahead, root, options.enabled]);

  /** Ref callback for a page's slot. */
  const registerSlot = useCallback((pageNumber: number, element: HTMLElement | null) => {
    const previous = slots.current.get(pageNumber);
    if (previous && previous !== element) {
      nearObserver.current?.unobserve(previous);
      viewObserver.current?.unobserve(previous);
      slots.current.delete(pageNumber);
    }
    if (element) {
      slots.current.set(pageNumber, element);
      nearObserver.current?.observe(element);
      viewObserver.current?.observe(element);
    }
  }, []);

  const slotOf = useCallback((pageNumber: number) => slots.current.get(pageNumber) ?? null, []);

  return { near, current, registerSlot, slotOf };
}
