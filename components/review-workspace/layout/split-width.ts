/**
 * The data panel's share of the workspace's width, in percent: what the divider moves. Kept between bounds that
 * leave both the page and the form usable, and remembered in the browser (a reviewer sets it once).
 */
export const SPLIT_MIN = 28;
export const SPLIT_MAX = 70;
export const SPLIT_DEFAULT = 42;
export const SPLIT_STORAGE_KEY = "quarry.review.dataWidth";

export function clampSplit(percent: number): number {
  if (!Number.isFinite(percent)) return SPLIT_DEFAULT;
  return Math.round(Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, percent)));
}

/** The share the data panel gets when the divider is dragged to `pointerX` inside a container at `left` of `width`. */
export function splitFromPointer(pointerX: number, left: number, width: number): number {
  if (width <= 0) return SPLIT_DEFAULT;
  return clampSplit(((left + width - pointerX) / width) * 100);
}

/** The stored share, or the default when nothing (or nonsense) is stored. */
export function readStoredSplit(stored: string | null): number {
  if (stored === null) return SPLIT_DEFAULT;
  return clampSplit(Number(stored));
}
