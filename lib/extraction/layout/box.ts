import type { Box } from "../types";

/** Whether `inner`'s centre lies inside `outer` (page fractions, edges included): a word belongs to the box it centres in. */
export function centreInside(inner: Box, outer: Box): boolean {
  const cx = inner.x + inner.w / 2;
  const cy = inner.y + inner.h / 2;
  return cx >= outer.x && cx <= outer.x + outer.w && cy >= outer.y && cy <= outer.y + outer.h;
}
