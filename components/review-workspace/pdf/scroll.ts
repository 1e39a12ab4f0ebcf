"use client";

import type { Box } from "../geometry";

/** Where an element is inside a scrolling container, in the container's scroll coordinates. */
function offsetIn(container: HTMLElement, element: HTMLElement): { top: number; left: number; width: number; height: number } {
  const outer = container.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  return { top: inner.top - outer.top + container.scrollTop, left: inner.left - outer.left + container.scrollLeft, width: inner.width, height: inner.height };
}

export function scrollToPage(container: HTMLElement, slot: HTMLElement): void {
  container.scrollTo({ top: offsetIn(container, slot).top - 8 });
}

/**
 * Scrolls a page box into view, a third from the top, when any of it is hidden; a box already in view stays
 * put, so moving between values whose sources are all on screen does not make the page jump.
 */
export function scrollBoxIntoView(container: HTMLElement, slot: HTMLElement, box: Box): void {
  const page = offsetIn(container, slot);
  const top = page.top + box.y * page.height;
  const bottom = top + box.h * page.height;
  const left = page.left + box.x * page.width;
  const right = left + box.w * page.width;
  const visibleTop = container.scrollTop;
  const visibleLeft = container.scrollLeft;
  const fits = top >= visibleTop && bottom <= visibleTop + container.clientHeight && left >= visibleLeft && right <= visibleLeft + container.clientWidth;
  if (fits) return;
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  container.scrollTo({
    top: Math.max(0, top - container.clientHeight / 3),
    left: right - left > container.clientWidth || (left >= visibleLeft && right <= visibleLeft + container.clientWidth) ? visibleLeft : Math.max(0, left - 24),
    behavior: reduceMotion ? "auto" : "smooth",
  });
}
