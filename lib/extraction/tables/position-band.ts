import type { Row } from "./word-rows";
import type { TypedColumn } from "./column-typing";

/**
 * A position column's band ends where its numbers do. Its edge guessed from the header runs up to the description's
 * header, so when that header is centred over a wide column ("Lp" | "      Nazwa") the description's text, which
 * starts far left of its header, falls in the position band ("1  FARB AKRYLOWYCH" | "BAWEŁNIANE" read as
 * positions). The rows under the header say where the numbers end: each item's position is its line's first word
 * and the text starts a column gap after it, so the band ends halfway between, at the nearest such gap.
 */

const POSITION = /^\d{1,4}(?:\.\d{1,4})*\.?$/;
/** Rows under the header looked at, and rows that must show a position and its text to move the edge. */
const SAMPLED_ROWS = 12;
const MIN_SAMPLES = 2;

/** Moves the edge after a position column followed by a description left to where its numbers end; in place. */
export function tightenPositionBand(columns: TypedColumn[], edges: number[], rows: Row[]): void {
  const i = columns.findIndex((c, k) => c.key === "position" && columns[k + 1]?.key === "description");
  if (i < 0) return;
  const from = i === 0 ? -Infinity : edges[i - 1]!;
  const to = edges[i]!;
  const cuts: number[] = [];
  for (const row of rows.slice(0, SAMPLED_ROWS)) {
    const words = row.words.filter((w) => w.box.x + w.box.w / 2 >= from);
    const [first, next] = words;
    if (!first || !next || !POSITION.test(first.text)) continue;
    const centre = first.box.x + first.box.w / 2;
    // Its number in the position band, its text a gap wider than a word space after it.
    if (centre >= to || next.box.x - (first.box.x + first.box.w) < first.box.h * 0.6) continue;
    cuts.push((first.box.x + first.box.w + next.box.x) / 2);
  }
  if (cuts.length < MIN_SAMPLES) return;
  const cut = Math.min(...cuts);
  if (cut < to) edges[i] = cut;
}
